/// The colours a wine list's sections sort its wines into (SectionVocabulary's headings in eight
/// languages) and a catalogue's rows are normalized to; entries.csv and entries.json write the raw
/// values.
public enum WineColour: String, Sendable, Codable, CaseIterable {
    case red, white, rose, sparkling, sweet, fortified
}
