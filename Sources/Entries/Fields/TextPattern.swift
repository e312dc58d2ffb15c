import Foundation

/// A case-insensitive regular expression that is part of the program. A pattern that does not
/// compile matches nothing (and the unit tests of the reader using it fail), so no caller has to
/// handle an error for text that is fixed at build time.
struct TextPattern: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to use from several threads.
    private let expression: NSRegularExpression?

    init(_ pattern: String) {
        expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    var isValid: Bool { expression != nil }

    func matches(in text: String) -> [NSTextCheckingResult] {
        expression?.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)) ?? []
    }

    func firstMatch(in text: String) -> NSTextCheckingResult? {
        expression?.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length))
    }
}
