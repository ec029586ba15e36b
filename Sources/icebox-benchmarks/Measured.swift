import Foundation
import Models

/// Runs a command and measures its wall time and peak resident memory (VmHWM, polled from /proc).
struct Measured {
    var status: Int32
    var seconds: Double
    var peakRSSKiB: Int

    static func run(_ executable: URL, _ arguments: [String], stdin: String? = nil) async throws -> Measured {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = {
            continuation.yield($0.terminationStatus)
            continuation.finish()
        }
        let clock = ContinuousClock()
        let started = clock.now
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let poller = peakMemory(of: process.processIdentifier)
        var status: Int32 = -1
        for await code in stream { status = code }
        let elapsed = clock.now - started
        poller.cancel()
        return Measured(
            status: status,
            seconds: elapsed.seconds,
            peakRSSKiB: await poller.value)
    }

    /// Polls the peak resident memory of process `pid` every 20 ms until cancelled; its value is the
    /// highest seen, in KiB.
    static func peakMemory(of pid: Int32) -> Task<Int, Never> {
        Task {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, highWaterMark(pid))
                try? await Task.sleep(for: .milliseconds(20))
            }
            return peak
        }
    }

    /// `VmHWM` of a running process, in KiB (0 once it has exited).
    static func highWaterMark(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
