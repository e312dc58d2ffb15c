import Pipeline
import CMalloc
import Catalogue
import Foundation
import Recognition
import Reporting

/// The child's end: `decant run … --worker` reads `PageTask`s as JSON lines on stdin and answers
/// each with a `PageResult` line, reusing one engine for every image it is given.
public enum WorkerService {
    public static func serve(settings: RunSettings, cataloguePath: String?) throws(RunError) {
        // Replies go to a private copy of stdout; stdout itself is pointed at stderr so that stray
        // prints from C libraries can never corrupt the protocol.
        let replies = dup(STDOUT_FILENO)
        guard replies >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            throw RunError(.missingDependency, "worker: cannot set up its reply pipe")
        }
        let catalogue = try Runner.loadCatalogue(path: cataloguePath)
        let engine: TesseractEngine
        do { engine = try TesseractEngine(configuration: settings.ocr) } catch { throw RunError(.missingDependency, error.message) }
        let pipeline = PagePipeline(engine: engine, matcher: Matcher(catalogue: catalogue, runYear: settings.runYear), settings: settings)
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
            let written = data.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let n = write(replies, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 { if errno == EINTR { continue }; return false }
                    offset += n
                }
                return true
            }
            if !written { return }   // the parent is gone
        }
    }
}
