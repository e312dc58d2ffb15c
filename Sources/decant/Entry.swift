import ArgumentParser
import Recognition

@main
enum Entry {
    static func main() async {
        // Must come first: libgomp reads OMP_THREAD_LIMIT only when the process starts.
        ProcessEnvironment.ensureSingleThreadedOpenMP()
        await (Decant.self as any AsyncParsableCommand.Type).main()
    }
}
