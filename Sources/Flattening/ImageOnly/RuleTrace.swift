import Foundation
import Imaging

/// The course of a printed rule (a menu's line under its heading, a table's border), followed
/// column by column: a line of the page that runs its whole width.
///
/// Why: the text-line dewarp follows the page's bend where text lines run, and carries it flat
/// past their ends. On a menu whose names fill the left two thirds and whose prices stand alone at
/// the right, a curl that bows the sheet's top edge leaves the price column half a row or more off
/// its names, where no line of text reaches. A rule across the page shows the bow out to the
/// prices; between two rules, and between a rule and the lines, the displacement is interpolated.
enum RuleTrace {
    /// A rule spans at least this share of the page's width, and its box (the bow included) is at
    /// most this share of its width tall.
    static let minimumWidthShare = 0.3
    static let maximumBowShare = 0.12
    /// Columns a trace may miss (print crossing the rule, a break in it), as a share of its width.
    static let maximumMissingShare = 0.1

    /// The components of a binary page that may be rules: wide, thin for their width, clear of the
    /// frame.
    static func candidates(_ components: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        components.filter { b in
            Double(b.width) >= minimumWidthShare * Double(width) && Double(b.height) <= maximumBowShare * Double(b.width)
                && b.x > 0 && b.y > 0 && b.maxX < width && b.maxY < height
        }
    }

    /// The rule's centre height every `step` columns across its box, in `ink` (8-bit, ink dark);
    /// nil when no thin run can be followed across it (a bar, a block of text, a photo's edge).
    ///
    /// The trace starts at the box's left end, where only the rule stands, with the thickness it
    /// has there; in each column it takes the run of ink no more than twice that thick whose centre
    /// is nearest the last one, moved by at most a pixel per column. Letters inside the box of a
    /// bowed rule (a heading under its arc) are thicker than that or out of its reach.
    static func trace(_ rect: PixelRect, in ink: Raster, step: Int = 2) -> (xs: [Double], ys: [Double])? {
        guard rect.width >= 8, rect.height >= 1, rect.maxX <= ink.width, rect.maxY <= ink.height, step >= 1 else { return nil }
        func runs(at x: Int) -> [(centre: Double, length: Int)] {
            var out: [(Double, Int)] = []
            var start: Int?
            for y in rect.y...rect.maxY {
                let dark = y < rect.maxY && ink.pixels[y * ink.width + x] < 128
                if dark, start == nil { start = y }
                if !dark, let s = start {
                    out.append((Double(s + y - 1) / 2, y - s))
                    start = nil
                }
            }
            return out
        }
        // The left end: the first columns holding exactly one run.
        var x = rect.x
        var first: (centre: Double, length: Int)?
        while x < rect.x + rect.width / 10 {
            let here = runs(at: x)
            if here.count == 1 { first = here[0]; break }
            x += 1
        }
        guard let start = first else { return nil }
        let thickest = 2 * start.length + 1
        var xs = [Double(x)], ys = [start.centre]
        var last = start.centre, sinceLast = 0, missing = 0
        x += step
        while x < rect.maxX {
            sinceLast += step
            let reach = Double(sinceLast) + 1
            let near = runs(at: x).filter { $0.length <= thickest && abs($0.centre - last) <= reach }
                .min { abs($0.centre - last) < abs($1.centre - last) }
            if let near {
                xs.append(Double(x)); ys.append(near.centre)
                last = near.centre
                sinceLast = 0
            } else {
                missing += step
            }
            x += step
        }
        guard Double(missing) <= maximumMissingShare * Double(rect.width), let end = xs.last,
              end - xs[0] >= Double(rect.width) * (1 - 2 * maximumMissingShare) else { return nil }
        return (xs, ys)
    }
}
