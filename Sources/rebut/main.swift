import Foundation

// Tesseract's OpenMP runtime reads OMP_THREAD_LIMIT once, when the library loads, which is
// before any Swift code could set it. Without it each engine spawns a thread per core and
// parallel workers run 3–5× slower, so the process starts itself again with it set.
OpenMPGuard.ensureSingleThreadedEngines()
await Rebut.main()
