import Foundation
import Imaging
import RecognizedText
import Testing
@testable import Entries

/// A price whose last digit stands apart as a lone zero (letter-spaced print, a reader's word gap).
@Suite struct SplitLastDigitTests {
    func joined(_ tokens: [String]) -> [String] {
        WineListParser.withSplitLastDigitJoined(tokens, Array(tokens.indices)).0
    }

    @Test func aLoneZeroEndsTheNumberBeforeIt() {
        #expect(joined(["freschezza.", "6", "0"]) == ["freschezza.", "60"])
        #expect(joined(["freschezza.6", "0"]) == ["freschezza.", "60"])
        #expect(joined(["Barolo", "14", "00"]) == ["Barolo", "1400"])
        #expect(joined(["€6", "0"]) == ["€", "60"])
    }

    @Test func numbersThatAreNoSplitPriceStay() {
        #expect(joined(["Rioja", "12,5", "0"]) == ["Rioja", "12,5", "0"])
        #expect(joined(["Rioja", "12.5", "0"]) == ["Rioja", "12.5", "0"])
        #expect(joined(["Riesling", "2019", "0"]) == ["Riesling", "2019", "0"])
        #expect(joined(["Rioja", "45", "10"]) == ["Rioja", "45", "10"])
        #expect(joined(["Rioja", "12/6", "0"]) == ["Rioja", "12/6", "0"])
        #expect(joined(["0"]) == ["0"])
    }

    @Test func theJoinedNumberIsTheWinesPrice() {
        // A two-line entry whose note ends in the price, its digits set apart: the price is 60.
        func line(_ text: String, y: Int) -> RecognizedLine {
            var x = 50
            return RecognizedLine(words: text.split(separator: " ").map { token in
                defer { x += token.count * 10 + 10 }
                return RecognizedWord(text: String(token), box: PixelRect(x: x, y: y, width: token.count * 10, height: 20), confidence: 90)
            })
        }
        let lines = [line("ROGER BARNIER BRUT CHAMPAGNE", y: 100), line("Vallée de la Marne (Francia) 63", y: 130),
                     line("MIGNON BOULARD", y: 180), line("Champagne artigianale, complesso, elegante. 6 0", y: 210)]
        let entries = WineListParser(fields: FieldParser(runYear: 2026)).parse(lines: lines)
        let mignon = entries.first { $0.name.contains("MIGNON") }
        #expect(mignon?.prices.map(\.amount) == [60], "\(String(describing: mignon))")
    }
}
