extension Wine {
    /// Writes the keys of docs/catalogue-format.md; absent values are written as null so a reader
    /// sees every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(producer, forKey: .producer)
        try c.encode(wine, forKey: .wine)
        try c.encode(region, forKey: .region)
        try c.encode(subregion, forKey: .subregion)
        try c.encode(country, forKey: .country)
        try c.encode(colour, forKey: .colour)
        try c.encode(grapes, forKey: .grapes)
        switch vintage {
        case .year(let y)?: try c.encode(y, forKey: .vintage)
        case .nonVintage?: try c.encode("NV", forKey: .vintage)
        case nil: try c.encodeNil(forKey: .vintage)
        }
        try c.encode(score, forKey: .score)
        try c.encode(drinkFrom, forKey: .drinkFrom)
        try c.encode(drinkTo, forKey: .drinkTo)
        try c.encode(releasePrice, forKey: .releasePrice)
        try c.encode(currency, forKey: .currency)
    }
}
