import Testing

@testable import WebReader

/// A page that runs out of its store deadline is cancelled; the count it waits for (``SingleFlight``)
/// must let it go at once, and a count no page waits for any more must end, not wait without end on a
/// store that stopped answering (`ServeStoreDeadlineTests` is the reader's side of this).
@Suite struct SingleFlightTests {
    @Test func aCancelledCallerStopsWaitingAndWorkNoOneWaitsForIsCancelled() async throws {
        let flights = SingleFlight<String, Int>(cancelled: .stopWaiting)
        let (events, event) = AsyncStream<String>.makeStream()
        let caller = Task {
            try await flights.run("count") {
                event.yield("started")
                // A store that stopped answering: only cancellation ends this.
                await withTaskCancellationHandler {
                    try? await Task.sleep(for: .seconds(3600))
                } onCancel: {
                    event.yield("work cancelled")
                }
                return 1
            }
        }
        var seen = events.makeAsyncIterator()
        #expect(await seen.next() == "started")
        caller.cancel()
        // Bounded, so that the old code (which waited for the work) fails rather than hangs.
        let outcome = await Deadline.run(within: .seconds(30)) { await caller.result }
        let result = try #require(outcome, "the cancelled caller was still waiting for the work")
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(await seen.next() == "work cancelled")
        // The next caller of the key starts afresh: the cancelled work is not handed out again.
        #expect(try await flights.run("count") { 2 } == 2)
    }
}
