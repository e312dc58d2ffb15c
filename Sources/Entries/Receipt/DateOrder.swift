/// Which of two small numbers in a printed date like 03/04/2018 is the day. Receipts do not say;
/// the country does, so the user (or the job's settings) tells us. Without it an ambiguous date is
/// recorded with both readings rather than guessed.
public enum DateOrder: String, Sendable, Codable, CaseIterable {
    /// 25/12/2018: most of the world.
    case dayFirst = "dmy"
    /// 12/25/2018: the United States and a few others.
    case monthFirst = "mdy"
    /// Not known: only dates that can mean one day are resolved.
    case unspecified = "auto"

    /// Accepts the raw values and a few spellings people type (`day-first`, `DD/MM`, `us`).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "dmy", "day-first", "dayfirst", "dd/mm", "dd/mm/yyyy", "d/m/y": self = .dayFirst
        case "mdy", "month-first", "monthfirst", "mm/dd", "mm/dd/yyyy", "m/d/y", "us": self = .monthFirst
        case "auto", "unspecified", "none": self = .unspecified
        default: return nil
        }
    }
}
