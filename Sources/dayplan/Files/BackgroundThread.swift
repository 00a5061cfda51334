#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One piece of work on a thread of its own, started at once and waited for with `join`: for waiting on the disk
/// (`FileSystem.flushing`) while the calling thread goes on. A plain POSIX thread: Dispatch's pool cost a
/// rollover about 0.4 ms of processor time to start, more than the flush it waited for.
final class BackgroundThread: @unchecked Sendable {
    fileprivate let work: @Sendable () -> Void
    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private var running = false

    private init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }

    /// Starts `work` on a new thread; if no thread can be made, it runs here and now instead.
    static func start(_ work: @escaping @Sendable () -> Void) -> BackgroundThread {
        let background = BackgroundThread(work)
        let context = Unmanaged.passRetained(background).toOpaque()
        background.running = pthread_create(&background.thread, nil, runOnThread, context) == 0
        if !background.running {
            Unmanaged<BackgroundThread>.fromOpaque(context).release()
            work()
        }
        return background
    }

    /// Waits for the work to end.
    func join() {
        guard running else { return }
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
        running = false
    }
}

/// What a `BackgroundThread`'s thread runs: the work of the object it is handed, retained for the thread.
#if canImport(Darwin)
private func runOnThread(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<BackgroundThread>.fromOpaque(context).takeRetainedValue().work()
    return nil
}
#else
private func runOnThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<BackgroundThread>.fromOpaque(context).takeRetainedValue().work()
    return nil
}
#endif
