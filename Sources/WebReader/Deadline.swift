/// Work given a time limit: its result when it ends within the limit, else `nil` at the limit, the
/// work cancelled and left to end on its own (a query to a PostgreSQL server that stopped answering
/// may not notice). Unlike a task group, which waits for every child, the caller never waits past the
/// limit.
enum Deadline {
    static func run<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let answer = FirstAnswer<T?>()
        return await answer.wait {
            let worker = Task { answer.give(await work()) }
            let timer = Task {
                try? await Task.sleep(for: limit)
                if answer.give(nil) { worker.cancel() }
            }
            answer.onAnswer { timer.cancel() }
        }
    }
}
