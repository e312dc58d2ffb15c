import PDF
import Foundation
import Imaging

let args = CommandLine.arguments
if args[1] == "summary" {
    for path in args.dropFirst(2) {
        do {
            let doc = try PDFDocument(path: path)
            for n in 1...doc.pageCount {
                let page = try doc.page(n)
                let r = try page.read()
                let vis = try page.visibility(of: page.textLayer())
                let low = vis.filter { abs($0) < 0.6 }.count
                let hist = [0.0, 0.2, 0.4, 0.6, 0.8].map { lo in vis.filter { abs($0) >= lo && abs($0) < lo + 0.2 }.count }
                print("\((path as NSString).lastPathComponent) p\(n): words \(r.textLayer.words.count) \(r.verdict) ppi \(r.ocrPPI) text \(Int(r.textSeconds*1000)) ms check \(Int(r.checkSeconds*1000)) ms |r| hist \(hist) low \(low) \(r.problems)")
            }
        } catch { print("\(error)") }
    }
    exit(0)
}
if args[1] == "boxes" {
    let doc = try PDFDocument(path: args[2])
    let page = try doc.page(Int(args[3])!)
    let ppi = 100.0
    var raster = try page.render(ppi: ppi, color: true).raster
    let reading = try page.read()
    for (i, word) in reading.textLayer.words.enumerated() {
        let box = word.box.pixels(ppi: ppi)
        let color: [UInt8] = word.isBold ? [0, 0, 255] : (i % 2 == 0 ? [255, 0, 0] : [0, 160, 0])
        for x in max(0, box.x)..<min(raster.width, box.maxX) {
            for y in [box.y, box.maxY - 1] where y >= 0 && y < raster.height {
                for c in 0..<3 { raster[x, y, c] = color[c] }
            }
        }
        for y in max(0, box.y)..<min(raster.height, box.maxY) {
            for x in [box.x, box.maxX - 1] where x >= 0 && x < raster.width {
                for c in 0..<3 { raster[x, y, c] = color[c] }
            }
        }
    }
    try PNGFile.write(raster, to: args[4])
    print(reading.verdict)
    exit(0)
}
let doc = try PDFDocument(path: args[1])
let pages = args.count > 2 ? [Int(args[2])!] : Array(1...doc.pageCount)
for n in pages {
    let page = try doc.page(n)
    let layer = page.textLayer()
    let vis = try page.visibility(of: layer)
    print("== page \(n) \(page.size) words \(layer.words.count) repairs: \(layer.repairs.summary)")
    var i = 0
    for line in layer.lines {
        print(line.words.map { w in defer { i += 1 }; return "\(w.text)[\(Int(w.box.x)),\(Int(w.box.y)),\(Int(w.box.width))x\(Int(w.box.height)) \(w.fontName) \(String(format: "%.1f", w.fontSize))\(w.isBold ? " B" : "")\(w.isItalic ? " I" : "") r=\(String(format: "%.2f", vis[i]))]" }.joined(separator: " "))
    }
}
