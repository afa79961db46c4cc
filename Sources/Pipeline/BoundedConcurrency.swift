/// Runs `body` over `inputs` with at most `width` calls in flight and hands each output to
/// `onResult` as it completes. The window keeps every OCR worker busy while bounding how many
/// images are held in memory at once.
public func forEachConcurrently<Input: Sendable, Output: Sendable>(
    _ inputs: [Input],
    width: Int,
    _ body: @escaping @Sendable (Input) async -> Output,
    onResult: (Output) -> Void
) async {
    await withTaskGroup(of: Output.self) { group in
        var iterator = inputs.makeIterator()
        for _ in 0..<max(1, width) {
            guard let input = iterator.next() else { break }
            group.addTask { await body(input) }
        }
        while let output = await group.next() {
            onResult(output)
            if let input = iterator.next() {
                group.addTask { await body(input) }
            }
        }
    }
}
