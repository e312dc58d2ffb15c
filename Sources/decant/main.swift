import DecantCLI
import Recognition

// Must come first: libgomp reads OMP_THREAD_LIMIT only when the process starts.
ProcessEnvironment.ensureSingleThreadedOpenMP()
Decant.main()
