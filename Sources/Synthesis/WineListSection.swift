import Entries

/// The sections of a restaurant list, in the order lists print them.
enum WineListSection: String, Sendable, CaseIterable {
    case byTheGlass = "by-the-glass", sparkling, white, rose, red, dessert, halfBottles = "half-bottles", largeFormats = "large-formats"

    var headings: [String] {
        switch self {
        case .byTheGlass: return ["By the Glass", "Wines by the Glass"]
        case .sparkling: return ["Sparkling", "Champagne & Sparkling", "Sparkling Wines", "Champagne"]
        case .white: return ["White", "White Wines", "Whites"]
        case .rose: return ["Rosé", "Rosé Wines"]
        case .red: return ["Red", "Red Wines", "Reds"]
        case .dessert: return ["Dessert", "Dessert Wines", "Sweet & Fortified"]
        case .halfBottles: return ["Half Bottles"]
        case .largeFormats: return ["Large Formats", "Magnums"]
        }
    }

    /// Catalogue colours the section draws from.
    var colours: [String] {
        switch self {
        case .byTheGlass: return ["sparkling", "white", "white", "rose", "red", "red"]
        case .sparkling: return ["sparkling"]
        case .white: return ["white"]
        case .rose: return ["rose"]
        case .red: return ["red"]
        case .dessert: return ["sweet", "fortified"]
        case .halfBottles: return ["white", "red", "sparkling", "sweet"]
        case .largeFormats: return ["red", "red", "sparkling"]
        }
    }

    /// How likely a list is to have the section, and its share of the list's entries.
    var presence: Double {
        switch self {
        case .byTheGlass: return 0.45
        case .sparkling: return 0.75
        case .white, .red: return 1
        case .rose: return 0.5
        case .dessert: return 0.4
        case .halfBottles: return 0.3
        case .largeFormats: return 0.25
        }
    }

    var weight: Double {
        switch self {
        case .byTheGlass: return 6
        case .sparkling: return 4
        case .white: return 9
        case .rose: return 2.5
        case .red: return 13
        case .dessert: return 3
        case .halfBottles, .largeFormats: return 2.5
        }
    }
}
