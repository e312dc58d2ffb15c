import ArgumentParser
import Documents
import Foundation

/// `decant-bench pdf-probe`: measures the PDF module on real wine lists: what Decant would do with each
/// page, how long it takes, and how the text layer compares with OCR and with ground truth.
struct BenchPDFProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf-probe",
        abstract: "PDF pages of real wine lists: verdicts, timings, text layer against OCR and ground truth.",
        discussion: """
        survey [FOLDER...]            pages, verdicts, words, text-layer and render times
        race FILE [--pages N]         text layer against render + Tesseract (psm 11), page by page
        truth [FOLDER]                text layer against the ground truth (*.gt.json) of the PDFs
        sweep FILE PAGE... [--heights 12,16,...]  OCR word recall against the text layer by x-height
        words FILE [PAGE]             the mended words with boxes, fonts and ink correlation
        boxes FILE PAGE OUT.png       a render at 100 ppi with the word boxes drawn
        FOLDER defaults to ../shared/data/winelists/{docs,nogt} (else /work/shared/...).
        """)

    @Argument(help: "survey, race, truth, sweep, words or boxes.")
    var mode: String

    @Argument(parsing: .captureForPassthrough, help: "The mode's own arguments.")
    var rest: [String] = []

    func run() throws {
        do {
            switch mode {
            case "survey": try Survey.run(folders: rest.isEmpty ? WineLists.defaultFolders() : rest)
            case "race": try OCRRace.run(rest)
            case "truth": try GroundTruthCheck.run(folder: rest.first ?? WineLists.defaultFolders()[0])
            case "sweep": try ResolutionSweep.run(rest)
            case "words": try WordDump.run(rest)
            case "boxes": try WordDump.boxes(rest)
            default: throw ValidationError("unknown mode '\(mode)': expected survey, race, truth, sweep, words or boxes")
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            FileHandle.standardError.write(Data("decant-bench pdf-probe: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
