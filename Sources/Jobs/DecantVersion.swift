/// The version every report and the history record.
public enum DecantVersion {
    public static let string = "0.1.0"
}
