import Foundation
@testable import Flattening
import Imaging
import Testing

@Suite struct RuleTraceTests {
    /// A white page with a rule 3 px thick along y = top + bow·((x − 500) / 400)², from x = 100 to
    /// 900, a heading's letters (10×14 blocks) under the middle of its arc, and one letter (10×17)
    /// across the rule at x = 600.
    func page(top: Double, bow: Double, heading: Bool = true) -> Raster {
        var r = Raster(width: 1000, height: 400, channels: 1, fill: 255)
        for x in 100..<900 {
            let t = (Double(x) - 500) / 400
            let y = Int((top + bow * t * t).rounded())
            for dy in -1...1 { r.pixels[(y + dy) * r.width + x] = 0 }
        }
        if heading {
            for letter in 0..<6 {
                for y in 70..<84 { for x in (430 + letter * 16)..<(440 + letter * 16) { r.pixels[y * r.width + x] = 0 } }
            }
            for y in 50..<67 { for x in 600..<610 { r.pixels[y * r.width + x] = 0 } }
        }
        return r
    }

    @Test func aBowedRuleIsFollowedPastTheHeadingUnderIt() throws {
        let ink = page(top: 60, bow: -40)   // the middle at 60, the ends at 20
        let box = PixelRect(x: 100, y: 18, width: 800, height: 70)
        let (xs, ys) = try #require(RuleTrace.trace(box, in: ink))
        #expect(xs.first == 100)
        #expect((xs.last ?? 0) >= 890)
        for (x, y) in zip(xs, ys) {
            let t = (x - 500) / 400
            #expect(abs(y - (60 - 40 * t * t)) <= 1.5, "at x = \(x)")
        }
    }

    @Test func aBlockOfTextIsNoRule() {
        var ink = Raster(width: 400, height: 100, channels: 1, fill: 255)
        for row in 0..<3 {
            for letter in 0..<20 {
                for y in (20 + row * 20)..<(32 + row * 20) { for x in (20 + letter * 18)..<(30 + letter * 18) { ink.pixels[y * ink.width + x] = 0 } }
            }
        }
        #expect(RuleTrace.trace(PixelRect(x: 20, y: 20, width: 360, height: 52), in: ink) == nil)
        // One row of letters starts like a rule, one run in its first column, but is broken
        // between every two letters.
        var row = Raster(width: 400, height: 60, channels: 1, fill: 255)
        for letter in 0..<20 {
            for y in 20..<32 { for x in (20 + letter * 18)..<(30 + letter * 18) { row.pixels[y * row.width + x] = 0 } }
        }
        #expect(RuleTrace.trace(PixelRect(x: 20, y: 20, width: 352, height: 12), in: row) == nil)
    }

    @Test func candidatesAreWideThinAndClearOfTheFrame() {
        let rects = [PixelRect(x: 100, y: 18, width: 800, height: 70), PixelRect(x: 100, y: 18, width: 200, height: 4),
                     PixelRect(x: 0, y: 30, width: 1000, height: 5), PixelRect(x: 100, y: 100, width: 400, height: 300)]
        #expect(RuleTrace.candidates(rects, width: 1000, height: 1000) == [rects[0]])
    }

    /// Names over the left half only; a bowed rule over them and a straight one under them. Where
    /// no name reaches, the displacement is the rules' bow, shrinking down the page.
    @Test func theRulesCarryTheBowWhereNoLineReaches() throws {
        var lines: [TextLineDewarp.Line] = []
        for k in 0..<8 {
            let base = 100 + Double(k) * 40
            let bow = 40 * (1 - Double(k) / 8)
            let xs = Array(stride(from: 50.0, through: 500, by: 10))
            lines.append(TextLineDewarp.Line(xs: xs, smoothing: xs.map { base - bow * pow((500 - $0) / 450, 2) }))
        }
        let ruleXs = Array(stride(from: 50.0, through: 950, by: 2))
        var top = TextLineDewarp.Line(xs: ruleXs, smoothing: ruleXs.map { 60 - 45 * pow(($0 - 500) / 450, 2) })
        var bottom = TextLineDewarp.Line(xs: ruleXs, smoothing: ruleXs.map { _ in 440 })
        top.isRule = true
        bottom.isRule = true
        let without = try #require(TextLineDewarp.model(lines: lines + [bottom], width: 1000, height: 480, medianHeight: 12,
                                                        reduction: 1, minLines: 6))
        let with = try #require(TextLineDewarp.model(lines: lines + [top, bottom], width: 1000, height: 480, medianHeight: 12,
                                                     reduction: 1, minLines: 6))
        // At the right edge the top rule stands about 28 px above its mean height (17 against 45),
        // which the page without it does not know.
        let right = with.displacement(x: 940, y: 60)
        #expect(right < -15, "\(right)")
        #expect(without.displacement(x: 940, y: 60) > right + 20)
        // Down at the straight rule, nothing moves.
        #expect(abs(with.displacement(x: 940, y: 440)) < 4)
        // One rule alone where no name reaches says nothing of the heights above or below it: the
        // column is left to its neighbours, as on the page without the rule.
        let alone = try #require(TextLineDewarp.model(lines: lines + [top], width: 1000, height: 480, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        let plain = try #require(TextLineDewarp.model(lines: lines, width: 1000, height: 480, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        for y in stride(from: 100.0, through: 400, by: 100) {
            #expect(abs(alone.displacement(x: 940, y: y) - plain.displacement(x: 940, y: y)) < 1, "at y = \(y)")
        }
    }

    /// Rules add to the text lines but do not make up the minimum: four lines and two rules is
    /// still a page too little known for a model of six lines, and four lines and two rules more
    /// than six lines are enough.
    @Test func rulesDoNotCountTowardTheMinimumOfLines() throws {
        func line(_ y: Double, rule: Bool = false) -> TextLineDewarp.Line {
            let xs = Array(stride(from: 50.0, through: 900, by: 10))
            var line = TextLineDewarp.Line(xs: xs, smoothing: xs.map { y + 10 * sin($0 / 300) })
            line.isRule = rule
            return line
        }
        let four = [100.0, 140, 180, 220].map { line($0) }
        let rules = [line(60, rule: true), line(400, rule: true)]
        #expect(TextLineDewarp.model(lines: four + rules, width: 1000, height: 480, medianHeight: 12, reduction: 1, minLines: 6) == nil)
        let six = four + [260.0, 300].map { line($0) }
        let model = try #require(TextLineDewarp.model(lines: six + rules, width: 1000, height: 480, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        #expect(model.lines == 8)
    }
}
