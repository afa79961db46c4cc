/// Where a photo was taken, in WGS 84 degrees (north and east positive), as the camera recorded it.
/// Coordinates are not money: a Double carries them exactly enough (1e-9° is 0.1 mm).
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// Nil unless both lie on the globe: a damaged EXIF block must not put a shop in the sea at 400°.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}
