import Foundation
import RebutCore

/// A tourist-tax rate per adult per night for one zone, in force from `validFrom` until the
/// zone's next rate.
public struct TouristTaxRate: Sendable, Hashable {
    /// A zone code ("1", "2", or one the user adds, such as "BCN-2025").
    public var zone: String
    public var validFrom: LocalDate
    public var perPersonNight: Decimal
    public var currency: String
    /// What the zone is ("Barcelona city"), for the user reading the table.
    public var note: String?

    public init(zone: String, validFrom: LocalDate, perPersonNight: Decimal, currency: String = "EUR", note: String? = nil) {
        self.zone = zone
        self.validFrom = validFrom
        self.perPersonNight = perPersonNight
        self.currency = currency
        self.note = note
    }

    /// Catalonia's rates from 1 November 2012: zone 1 Barcelona city, zone 2 the rest. Shipped
    /// as editable defaults; later rates are added with `rebut tax-rates set`.
    public static let cataloniaDefaults: [TouristTaxRate] = [
        TouristTaxRate(zone: "1", validFrom: LocalDate(year: 2012, month: 11, day: 1)!,
                       perPersonNight: Decimal(string: "0.65")!, note: "Catalonia zone 1: Barcelona city"),
        TouristTaxRate(zone: "2", validFrom: LocalDate(year: 2012, month: 11, day: 1)!,
                       perPersonNight: Decimal(string: "0.45")!, note: "Catalonia zone 2: rest of Catalonia"),
    ]
}

/// Every rate of every zone: a history, so a stay is taxed at the rate in force on its check-in.
public struct TouristTaxTable: Sendable {
    public let rates: [TouristTaxRate]

    public init(_ rates: [TouristTaxRate]) {
        self.rates = rates.sorted { ($0.zone, $0.validFrom) < ($1.zone, $1.validFrom) }
    }

    /// The latest rate of `zone` that started on or before `date`; nil before the zone's first rate.
    public func rate(zone: String, on date: LocalDate) -> TouristTaxRate? {
        rates.last { $0.zone == zone && $0.validFrom <= date }
    }

    public var zones: [String] { Array(Set(rates.map(\.zone))).sorted() }
}

/// One stay in a flat: the income side of the statement.
public struct Booking: Sendable, Hashable {
    public var id: Int64?
    public var checkIn: LocalDate
    public var nights: Int
    /// Guests who pay the tourist tax (16 and over).
    public var adults: Int
    /// Under 16: exempt from the tourist tax.
    public var children: Int
    /// What the guest paid for the stay.
    public var amount: Decimal
    public var currency: String
    public var guest: String?
    public var channel: String?

    public init(id: Int64? = nil, checkIn: LocalDate, nights: Int, adults: Int, children: Int = 0,
                amount: Decimal, currency: String = "EUR", guest: String? = nil, channel: String? = nil) {
        self.id = id
        self.checkIn = checkIn
        self.nights = nights
        self.adults = adults
        self.children = children
        self.amount = amount
        self.currency = currency
        self.guest = guest
        self.channel = channel
    }

    /// The day the guests leave.
    public var checkOut: LocalDate { LocalDate(dayNumber: checkIn.dayNumber + nights) }

    /// Only adults pay, per night.
    public var adultNights: Int { adults * nights }
}

/// A booking's tourist tax: adults × nights × the zone's rate in force on the check-in day.
public struct BookingTax: Sendable, Hashable {
    public var booking: Booking
    /// nil when the zone has no rate on that day (the tax cannot be computed).
    public var rate: TouristTaxRate?
    public var tax: Decimal? { rate.map { Decimal(booking.adultNights) * $0.perPersonNight } }

    public init(booking: Booking, zone: String?, table: TouristTaxTable) {
        self.booking = booking
        self.rate = zone.flatMap { table.rate(zone: $0, on: booking.checkIn) }
    }
}
