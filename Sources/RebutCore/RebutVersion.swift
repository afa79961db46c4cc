/// Rebut's version, as `rebut --version` prints it.
public enum RebutVersion {
    public static let current = "0.5.0"
}
