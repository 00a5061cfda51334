#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Staged files flushed to the disk on another thread while the thread that staged them goes on: rollover checks
/// its plan meanwhile, so the processor's work and the wait for the disk overlap. `wait()` comes before the files
/// are committed or abandoned, which close their descriptors.
///
/// A thread of its own (POSIX threads), started at once: a Dispatch queue's first worker in a new process starts
/// its work only after setting up the queue's machinery, when the check it should overlap is nearly done.
final class BackgroundFlush {
    private let job: Job
    /// The thread, until it is joined.
    private var thread: pthread_t?

    /// Starts flushing `files` (`FileSystem.StagedFile.flush`), in order, on another thread; on this one if no
    /// thread can be started.
    init(_ files: [FileSystem.StagedFile]) {
        job = Job(files)
        let context = Unmanaged.passRetained(job).toOpaque()
        #if canImport(Darwin)
        var started: pthread_t?
        #else
        var started = pthread_t()
        #endif
        if pthread_create(&started, nil, { context in Job.run(context) }, context) == 0 {
            thread = started
        } else {
            Unmanaged<Job>.fromOpaque(context).release()
            job.flush()
        }
    }

    /// Waits until every file is flushed; the first that could not be, or nil.
    func wait() -> FileError? {
        if let started = thread {
            pthread_join(started, nil)
            thread = nil
        }
        return job.failure
    }

    /// The files and the flush's result: written by the thread before it ends, read only after `pthread_join`,
    /// which orders the two.
    private final class Job: @unchecked Sendable {
        let files: [FileSystem.StagedFile]
        var failure: FileError?

        init(_ files: [FileSystem.StagedFile]) {
            self.files = files
        }

        func flush() {
            for file in files {
                if let failure = file.flush() {
                    self.failure = failure
                    return
                }
            }
        }

        /// The thread's body: `context` is a retained `Job`.
        static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
            guard let context else { return nil }
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().flush()
            return nil
        }
    }
}
