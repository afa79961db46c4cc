import ArgumentParser

@main
enum Entry {
    static func main() async {
        // Tesseract's OpenMP runtime reads OMP_THREAD_LIMIT once, when the library loads, which
        // is before any Swift code could set it. Without it every engine spawns a thread per
        // core and parallel workers run 3–5× slower, so the process starts itself again with it.
        OpenMPGuard.ensureSingleThreadedEngines()
        ImageMemoryPolicy.returnLargeBuffersToTheSystem()
        await Rebut.main(nil)
    }
}
