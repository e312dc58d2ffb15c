import Imaging

extension PixelRect {
    /// The four corners, clockwise on screen from the top left.
    var corners: [Point] {
        [Point(x: Double(x), y: Double(y)), Point(x: Double(maxX), y: Double(y)),
         Point(x: Double(maxX), y: Double(maxY)), Point(x: Double(x), y: Double(maxY))]
    }
}
