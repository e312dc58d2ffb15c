import CPoppler
import DecantTestSupport
import Imaging
import Testing
@testable import Documents

@Suite struct RenderTests {
    let folder = TemporaryFolder("pdf-render")

    func page(width: Double = 200, height: Double = 100, limits: PDFLimits = .default,
              draw: @escaping (OpaquePointer) -> Void = { CairoPDF.show($0, "Tokaji", x: 20, y: 50, size: 20) }) throws -> PDFPage {
        let path = folder.file("render.pdf")
        CairoPDF.write(to: path, width: width, height: height, pages: [draw])
        return try PDFDocument(path: path, limits: limits).page(1)
    }

    @Test func grayRenderHasThePageSizeAtThePPI() throws {
        let render = try page().render(ppi: 144)
        #expect(render.ppi == 144)
        #expect(render.raster.channels == 1 && render.raster.width == 400 && render.raster.height == 200)
        #expect(render.raster[0, 0] == 255)
        #expect(render.raster.pixels.contains { $0 < 50 })
    }

    @Test func colourRenderKeepsTheColours() throws {
        let red = try page { cairo in
            cairo_set_source_rgb(cairo, 1, 0, 0)
            cairo_rectangle(cairo, 50, 25, 100, 50)
            cairo_fill(cairo)
        }.render(ppi: 72, color: true).raster
        #expect(red.channels == 3)
        #expect(red[100, 50, 0] == 255 && red[100, 50, 1] == 0 && red[100, 50, 2] == 0)
        #expect(red[5, 5, 0] == 255 && red[5, 5, 1] == 255 && red[5, 5, 2] == 255)
        let gray = try page { cairo in
            cairo_set_source_rgb(cairo, 1, 0, 0)
            cairo_rectangle(cairo, 50, 25, 100, 50)
            cairo_fill(cairo)
        }.render(ppi: 72).raster
        // BT.601 luma of pure red, as Raster.grayscale() computes it.
        #expect(gray[100, 50] == 76)
    }

    @Test func renderIsCappedAtMaxPixels() throws {
        let capped = try page(limits: PDFLimits(maxPixels: 20_000)).render(ppi: 300)
        #expect(capped.ppi < 300)
        #expect(capped.raster.width * capped.raster.height <= 20_000)
        #expect(abs(capped.ppi - 72 * (20_000.0 / (200 * 100)).squareRoot()) < 0.01)
    }

    @Test func renderIsDeterministic() throws {
        let first = try page().render(ppi: 100)
        let second = try page().render(ppi: 100)
        #expect(first == second)
    }

    /// Reading before or after rendering gives the same words: the layer is made before the first render.
    @Test func readingAfterRenderingGivesTheSameLayer() throws {
        let draw: (OpaquePointer) -> Void = { cairo in
            CairoPDF.show(cairo, "Gewurztraminer 2018", x: 10, y: 40, size: 12)
            CairoPDF.show(cairo, "Pinot Gris 2019", x: 10, y: 70, size: 12)
        }
        let rendered = try page(draw: draw)
        _ = try rendered.render(ppi: 150)
        let afterRender = rendered.textLayer()
        #expect(afterRender == (try page(draw: draw).textLayer()))
    }

    /// A page turned by /Rotate: size, words and render all come as the page is shown, so boxes still land
    /// on their ink.
    @Test func rotatedPageKeepsBoxesOnTheirInk() throws {
        let path = folder.file("rotated.pdf")
        write(HandWrittenPDF.document(pages: ["BT /F2 24 Tf 100 600 Td (Rotated) Tj ET"], mediaBox: "[0 0 612 792] /Rotate 90"), to: path)
        let page = try PDFDocument(path: path).page(1)
        #expect(page.size == PDFSize(width: 792, height: 612))
        let word = try #require(page.read().textLayer.words.first)
        #expect(word.text == "Rotated")
        #expect(word.box.height > word.box.width)
        let render = try page.render(ppi: 72)
        let box = word.box.pixels(ppi: 72)
        var inside = 0, outside = 0
        for y in 0..<render.raster.height {
            for x in 0..<render.raster.width where render.raster[x, y] < 128 {
                if x >= box.x - 1 && x <= box.maxX && y >= box.y - 1 && y <= box.maxY { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 50)
        #expect(outside == 0)
    }
}
