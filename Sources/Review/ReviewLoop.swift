import Store

/// Runs a session on a terminal until the person quits or the receipts run out.
///
/// The only place where keys, the store and the screen meet; everything it decides is the
/// session's, everything it draws is the renderer's.
public enum ReviewLoop {
    public struct Result: Sendable {
        public var session: ReviewSession
        /// Unsaved choices dropped by `q`, to be reported once the screen is gone.
        public var discarded: ReviewChanges?
    }

    public static func run(_ session: ReviewSession, store: ExpenseStore, terminal: Terminal) -> Result {
        var session = session
        var size = terminal.size()
        terminal.draw(ReviewRenderer.render(session, width: size.width, height: size.height))
        while true {
            let keys: [Key]
            switch terminal.readKeys(timeoutMilliseconds: 250) {
            case .closed: return Result(session: session, discarded: nil)
            case .idle:
                // Resizes are noticed here rather than through SIGWINCH: no handler state to share.
                let now = terminal.size()
                if now != size {
                    size = now
                    terminal.draw(ReviewRenderer.render(session, width: size.width, height: size.height))
                }
                continue
            case .keys(let decoded): keys = decoded
            }
            for key in keys {
                var action = session.handle(key)
                if case .save(let changes) = action { action = session.perform(changes, on: store) }
                switch action {
                case .redraw, .save: break
                case .finished: return Result(session: session, discarded: nil)
                case .quit(let discarded): return Result(session: session, discarded: discarded)
                }
            }
            size = terminal.size()
            terminal.draw(ReviewRenderer.render(session, width: size.width, height: size.height))
        }
    }
}
