import Foundation
import Documents

/// Measures the PDF module on real wine lists: what Decant would do with each page, how long it takes, and
/// how the text layer compares with OCR and with ground truth. A measuring instrument, not part of `decant`.
let usage = """
usage: pdf-probe survey [FOLDER...]            pages, verdicts, words, text-layer and render times
       pdf-probe race FILE [--pages N]         text layer against render + Tesseract (psm 11), page by page
       pdf-probe truth [FOLDER]                text layer against the ground truth (*.gt.json) of the PDFs
       pdf-probe sweep FILE PAGE... [--heights 12,16,...]  OCR word recall against the text layer by x-height
       pdf-probe words FILE [PAGE]             the mended words with boxes, fonts and ink correlation
       pdf-probe boxes FILE PAGE OUT.png       a render at 100 ppi with the word boxes drawn
FOLDER defaults to ../shared/data/winelists/{docs,nogt} (else /work/shared/...).
"""

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
let rest = Array(arguments.dropFirst())
do {
    switch command {
    case "survey": try Survey.run(folders: rest.isEmpty ? WineLists.defaultFolders() : rest)
    case "race": try OCRRace.run(rest)
    case "truth": try GroundTruthCheck.run(folder: rest.first ?? WineLists.defaultFolders()[0])
    case "sweep": try ResolutionSweep.run(rest)
    case "words": try WordDump.run(rest)
    case "boxes": try WordDump.boxes(rest)
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("pdf-probe: \(error)\n".utf8))
    exit(1)
}
