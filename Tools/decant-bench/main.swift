import Jobs
import Recognition

// Must come first: libgomp reads OMP_THREAD_LIMIT only when the process starts.
ProcessEnvironment.ensureSingleThreadedOpenMP()
// While the main thread is the only one: a runner records the priority it was given, a worker takes it on.
ProcessPriority.setUpAtStart()
DecantBench.main()
