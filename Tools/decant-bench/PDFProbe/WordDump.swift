import Foundation
import Imaging
import Documents

/// The words of a page as the module gives them, to look at.
enum WordDump {
    static func run(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw ProbeError("words needs a PDF") }
        let document = try PDFDocument(path: path)
        let numbers = arguments.count > 1 ? arguments.dropFirst().compactMap(Int.init) : Array(1...document.pageCount)
        for number in numbers {
            let page = try document.page(number)
            let reading = try page.read()
            let visibility = try page.visibility(of: reading.textLayer)
            print("== page \(number): \(reading.verdict); OCR at \(Int(reading.ocrPPI)) ppi")
            var index = 0
            for line in reading.textLayer.lines {
                print(line.words.map { word -> String in
                    defer { index += 1 }
                    let style = (word.isBold ? " bold" : "") + (word.isItalic ? " italic" : "")
                    return String(format: "%@[%.0f,%.0f %.0fx%.0f %@ %.1f%@ r=%.2f]", word.text, word.box.x, word.box.y,
                                  word.box.width, word.box.height, word.fontName, word.fontSize, style, visibility[index])
                }.joined(separator: " "))
            }
        }
    }

    /// A render with every word's box drawn: red and green alternating, blue for bold.
    static func boxes(_ arguments: [String]) throws {
        guard arguments.count >= 3, let number = Int(arguments[1]) else { throw ProbeError("boxes needs FILE PAGE OUT.png") }
        let page = try PDFDocument(path: arguments[0]).page(number)
        let ppi = 100.0
        var raster = try page.render(ppi: ppi, color: true).raster
        let reading = try page.read()
        for (index, word) in reading.textLayer.words.enumerated() {
            let box = word.box.pixels(ppi: ppi)
            let color: [UInt8] = word.isBold ? [0, 0, 255] : (index % 2 == 0 ? [255, 0, 0] : [0, 160, 0])
            func paint(_ x: Int, _ y: Int) {
                guard x >= 0, y >= 0, x < raster.width, y < raster.height else { return }
                for channel in 0..<3 { raster[x, y, channel] = color[channel] }
            }
            for x in box.x..<box.maxX { paint(x, box.y); paint(x, box.maxY - 1) }
            for y in box.y..<box.maxY { paint(box.x, y); paint(box.maxX - 1, y) }
        }
        try PNGFile.write(raster, to: arguments[2])
        print(reading.verdict)
    }
}
