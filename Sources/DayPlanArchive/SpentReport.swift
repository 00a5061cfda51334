import DayPlan

/// The time spent on tasks (`@spent:`, what `dayplan start` and `stop` record) against their estimates
/// (`@est:`), per tag and per bucket, over the days `first` through `last` of an archive: `dayplan report
/// --spent`. Each day's line counts its own day's time (rollover leaves `@spent:` with the day), so a task
/// timed over three days counts the three; its estimate counts once, as its latest line in the window has it.
public struct SpentReport: Sendable {
    /// One row: a tag's or a bucket's time.
    public struct Row: Sendable, Equatable {
        /// The tag (without `#`; `inbox` for a task without one) or the bucket's name.
        public let name: String
        /// Minutes spent, over the window.
        public var spent = 0
        /// Minutes estimated, for the timed tasks that have an estimate.
        public var estimated = 0
        /// How many tasks were timed.
        public var tasks = 0
        /// How many of them have no estimate.
        public var unestimated = 0

        /// The time spent as a percentage of the estimate, rounded; nil unless every task timed has an estimate.
        public var share: Int? {
            estimated > 0 && unestimated == 0 ? (spent * 100 + estimated / 2) / estimated : nil
        }
    }

    /// The first and last day reported on.
    public let first: Day, last: Day
    /// All the timed tasks together (named `total`).
    public let total: Row
    /// Per tag, most time spent first (then by name).
    public let tags: [Row]
    /// Per bucket, must first; only buckets with time spent.
    public let buckets: [Row]

    /// Adds up the archive's `@spent:` for the days `since` through `until` (by default, all its days to `today`).
    public init(archive: TaskArchive, since: Day? = nil, until: Day? = nil, today: Day) {
        let last = until ?? today
        let first = min(since ?? archive.days.first { $0.count > 0 }?.day ?? last, last)
        (self.first, self.last) = (first, last)
        // Per task identity timed in the window: its time, and its latest line (for its estimate, bucket, tags).
        var timed: [String: (spent: Int, latest: ArchivedTask)] = [:]
        var order: [String] = []
        for day in archive.days where (first...last).contains(day.day) {
            for index in 0..<day.count {
                let task = day[index]
                guard let spent = task.spent else { continue }
                let identity = task.identity
                if let known = timed[identity] {
                    timed[identity] = (known.spent + spent, task)
                } else {
                    timed[identity] = (spent, task)
                    order.append(identity)
                }
            }
        }
        var total = Row(name: "total")
        var tags: [String: Row] = [:], tagOrder: [String] = []
        var buckets = Bucket.allCases.map { Row(name: $0.description) }
        func add(_ spent: Int, _ task: ArchivedTask, to row: inout Row) {
            row.spent += spent
            row.tasks += 1
            if let estimate = task.estimate { row.estimated += estimate } else { row.unestimated += 1 }
        }
        for identity in order {
            guard let (spent, task) = timed[identity] else { continue }
            add(spent, task, to: &total)
            add(spent, task, to: &buckets[task.bucket.rawValue])
            for tag in task.countedTags {
                if tags[tag] == nil { tagOrder.append(tag) }
                add(spent, task, to: &tags[tag, default: Row(name: tag)])
            }
        }
        self.total = total
        self.tags = tagOrder.compactMap { tags[$0] }.sorted { ($0.spent, $1.name) > ($1.spent, $0.name) }
        self.buckets = buckets.filter { $0.tasks > 0 }
    }
}
