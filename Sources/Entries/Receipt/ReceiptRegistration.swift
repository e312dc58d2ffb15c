/// A company or tax registration number printed on a receipt (company number, GST/VAT/SST id …).
public struct ReceiptRegistration: Sendable, Equatable, Codable {
    /// `company`, `gst`, `sst`, `vat`, `tax`, `abn` …: what the number registers.
    public var kind: String
    public var number: String

    public init(kind: String, number: String) {
        self.kind = kind
        self.number = number
    }
}
