import ArgumentParser
import Foundation
import Imaging
import Jobs

/// `decant inspect FILE`: what Decant reads from one photo, for a user whose photo flattened badly
/// (was the depth inside the file found? which camera was assumed?) and for the tests and benchmarks,
/// which check the depth it writes against independent decoders.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what Decant reads from one photo: container, size, orientation, intrinsics and the depth map inside it.",
        discussion: """
        Reads FILE as a page of `decant run` reads it (HEIC/HEIF/AVIF, JPEG with an iPhone MPF depth image, \
        Android Dynamic Depth or Google GDepth, or any other image Decant reads) and prints its container, \
        format, size, the orientation applied, the camera intrinsics and where they come from, the depth \
        map's source, encoding, size and range, and every warning. Sidecars beside the file \
        (NAME.depth.png, NAME.camera.json) are not consulted: in `decant run` they win over the file's own. \
        --depth-out writes the depth map Decant uses as a one-channel float PFM (metres; the file's own \
        units when it gives no scale; holes 0), at the depth map's own resolution, turned as Decant aligns \
        it with the photo. Exit status: 0; 2 when the file cannot be read, or --depth-out was given and the \
        file holds no usable depth; 73 when the PFM cannot be written.
        """)

    @Argument(help: "A photo or scan.")
    var file: String

    @Flag(name: .long, help: "Print JSON (sorted keys) instead of text.")
    var json = false

    @Option(name: .customLong("depth-out"), help: "Write the depth map Decant uses here, as a float PFM.")
    var depthOut: String?

    func run() throws {
        let photo: PhonePhoto
        do { photo = try PhonePhotoReader.read(path: file) } catch {
            FileHandle.standardError.write(Data("decant inspect: \(error.description)\n".utf8))
            throw ExitCode(ExitStatus.someImagesFailed)
        }
        let description = PhotoDescription(file: (file as NSString).lastPathComponent, photo: photo)
        print(json ? description.json() : description.text)
        guard let depthOut else { return }
        guard let depth = photo.depth else {
            FileHandle.standardError.write(Data("decant inspect: \(description.file) holds no usable depth map; \(depthOut) not written\n".utf8))
            throw ExitCode(ExitStatus.someImagesFailed)
        }
        do { try depth.writePFM(to: depthOut) } catch {
            FileHandle.standardError.write(Data("decant inspect: \(depthOut): \(error.message)\n".utf8))
            throw ExitCode(ExitStatus.output)
        }
    }
}
