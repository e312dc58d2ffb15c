import Pipeline
import CMalloc
import Catalogue
import Foundation
import Recognition
import Reporting
import SystemPackage

/// The child's end: `decant run … --worker` reads `PageTask`s as JSON lines on stdin and answers
/// each with a `PageResult` line, reusing one engine for every image it is given.
public enum WorkerService {
    public static func serve(settings: RunSettings, cataloguePath: String?) throws(RunError) {
        // Replies go to a private copy of stdout; stdout itself is pointed at stderr so that stray
        // prints from C libraries can never corrupt the protocol.
        let replies: FileDescriptor
        do {
            replies = try FileDescriptor.standardOutput.duplicate()
            _ = try FileDescriptor.standardError.duplicate(as: .standardOutput)
        } catch {
            throw RunError(.missingDependency, "worker: cannot set up its reply pipe (\(error))")
        }
        let catalogue = try Runner.loadCatalogue(path: cataloguePath)
        let engine: TesseractEngine, ppocr: PPOCREngine?
        do throws(RecognitionError) {
            engine = try TesseractEngine(configuration: settings.read.ocr)
            ppocr = try settings.makePPOCR()
        } catch { throw RunError(.missingDependency, error.message) }
        let pipeline = PagePipeline(engine: engine, ppocr: ppocr, matcher: Matcher(catalogue: catalogue, runYear: settings.entries.runYear),
                                    settings: settings)
        let decoder = JSONDecoder(), encoder = JSONEncoder()
        while let line = readLine(strippingNewline: true) {
            guard let task = try? decoder.decode(PageTask.self, from: Data(line.utf8)) else { continue }
            let result = pipeline.process(task)
            // glibc keeps what a page freed in its arenas: without handing it back, a worker over 60 of
            // the 12 MP generated photos crept from 149 to 224 MiB between pages, and the next large
            // page peaked on top of that.
            malloc_trim(0)
            guard var data = try? encoder.encode(result) else { continue }
            data.append(0x0A)
            do { try replies.writeAll(data) } catch { return }   // the parent is gone
        }
    }
}
