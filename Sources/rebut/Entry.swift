import ArgumentParser

@main
enum Entry {
    static func main() async {
        // OMP_THREAD_LIMIT and glibc's tunables are read as the libraries load, before any
        // Swift code could set them: the process starts itself again with them.
        LaunchEnvironment.ensure()
        ImageMemoryPolicy.returnLargeBuffersToTheSystem()
        await Rebut.main(nil)
    }
}
