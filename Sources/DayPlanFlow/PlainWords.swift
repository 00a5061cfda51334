import DayPlan

/// The capture grammar: English phrases for a day, a part of the day, a time, a length and a deadline, read out of
/// a title's words (docs/capture.md has the table). Small and strict on purpose: a phrase is read only when its
/// every word fits (`Meet Friday's team` and `Read 1984` stay words), each fact once (a second day phrase stays
/// words), and a fact the words already hold as metadata (`@on:`, `@due:`, `@est:`, a time at the start) is not
/// read again. Words that are tags, metadata, links or code (`#…`, `@…`, `[[…`, `` `…``) are never read.
enum PlainWords {
    /// One fact a phrase says.
    enum Fact {
        case day(Day, Region?)
        case region(Region)
        case time(TaskTime)
        case estimate(Int)
        case due(Day)
    }

    static func read(_ words: String, today: Day) -> Capture {
        let tokens = words.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var capture = Capture(title: words)
        guard !tokens.isEmpty else { return capture }
        let reader = Reader(tokens: tokens, today: today)
        // What the words hold already as metadata is not read from phrases.
        let taken = (day: tokens.contains { $0.hasPrefix("@on:") }, due: tokens.contains { $0.hasPrefix("@due:") },
                     estimate: tokens.contains { $0.hasPrefix("@est:") }, time: TaskTime.leading(in: words)?.time != nil)
        var kept: [Substring] = []
        var index = 0
        while index < tokens.count {
            guard let (length, facts) = reader.phrase(at: index) else {
                kept.append(tokens[index])
                index += 1
                continue
            }
            // A phrase whose fact is known already stays words, all of it (`by Friday` beside `@due:`).
            guard facts.allSatisfy({ fact in
                switch fact {
                case .day, .region: !taken.day && capture.day == nil && capture.region == nil
                case .time: !taken.time && capture.time == nil
                case .estimate: !taken.estimate && capture.estimate == nil
                case .due: !taken.due && capture.due == nil
                }
            }) else {
                kept += tokens[index..<index + length]
                index += length
                continue
            }
            do {
                for fact in facts {
                    switch fact {
                    case .day(let day, let region): capture.day = day; capture.region = region ?? capture.region
                    case .region(let region): capture.region = region
                    case .time(let time): capture.time = time
                    case .estimate(let minutes): capture.estimate = minutes
                    case .due(let day): capture.due = day
                    }
                }
                capture.phrases.append(tokens[index..<index + length].joined(separator: " "))
                index += length
            }
        }
        // Words that would leave no title are a title: nothing is read.
        guard !kept.isEmpty, kept.contains(where: { !$0.hasPrefix("#") && !$0.hasPrefix("@") }) else { return Capture(title: words) }
        capture.title = kept.joined(separator: " ")
        return capture
    }

    /// The words, lower-cased and without a trailing comma or full stop, looked at by position.
    struct Reader {
        let words: [String]
        let protected: [Bool]
        let today: Day

        init(tokens: [Substring], today: Day) {
            words = tokens.map { token in
                var word = token.lowercased()
                while let last = word.last, ",.;!?".contains(last), word.count > 1 { word.removeLast() }
                return word
            }
            protected = tokens.map { $0.hasPrefix("#") || $0.hasPrefix("@") || $0.hasPrefix("[[") || $0.hasPrefix("`") || $0.contains("://") }
            self.today = today
        }

        func word(_ index: Int) -> String? {
            index < words.count && !protected[index] ? words[index] : nil
        }

        /// The phrase starting at `index`: how many words it takes and what it says.
        func phrase(at index: Int) -> (Int, [Fact])? {
            guard let first = word(index) else { return nil }
            switch first {
            case "by", "due":
                var start = index + 1
                if first == "due", word(start) == "by" || word(start) == "on" { start += 1 }
                if let (length, day, _) = day(at: start) { return (start - index + length, [.due(day)]) }
                return nil
            case "at":
                if word(index + 1) == "noon" { return (2, [.time(TaskTime(start: 720))]) }
                if let (length, minutes) = clock(at: index + 1, alone: false) { return (1 + length, [.time(TaskTime(start: minutes))]) }
                return nil
            case "from":
                guard let (a, start) = clock(at: index + 1, alone: true),
                      ["to", "until", "till", "-"].contains(word(index + 1 + a) ?? ""),
                      let (b, end) = clock(at: index + 2 + a, alone: true) else { return nil }
                // `from 9 to 10am`: the first takes the second's half of the day.
                var first = start
                if first < 720, end >= 720, first + 720 < end, !words[index + 1].contains(":"), !words[index + 1].hasSuffix("am") { first += 720 }
                guard first < end else { return nil }
                return (2 + a + b, [.time(TaskTime(start: first, end: end))])
            case "for":
                if let (length, minutes) = duration(at: index + 1) { return (1 + length, [.estimate(minutes)]) }
                return nil
            case "in":
                if word(index + 1) == "the", let region = region(word(index + 2)) { return (3, [.region(region)]) }
            case "this":
                if let region = region(word(index + 1)) { return (2, [.day(today, region)]) }
            default:
                break
            }
            if let (length, day, region) = day(at: index) {
                // `tomorrow morning`, `Friday evening`.
                if region == nil, let part = self.region(word(index + length)) { return (length + 1, [.day(day, part)]) }
                return (length, [.day(day, region)])
            }
            // `3pm`, `9:30am`: a time with its half of the day needs no `at`.
            if let (length, minutes) = clock(at: index, alone: false), words[index].hasSuffix("m") {
                return (length, [.time(TaskTime(start: minutes))])
            }
            return nil
        }

        /// A region's name as a part of the day.
        func region(_ word: String?) -> Region? {
            switch word {
            case "morning": .morning
            case "afternoon": .afternoon
            case "evening", "night": .evening
            default: nil
            }
        }

        /// A day expression at `index`: its length, the day, and a part of the day it names (`tonight`).
        func day(at index: Int) -> (Int, Day, Region?)? {
            guard let first = word(index) else { return nil }
            switch first {
            case "today": return (1, today, nil)
            case "tonight": return (1, today, .evening)
            case "tomorrow", "tmrw", "tmr": return (1, today.adding(days: 1), nil)
            case "the" where word(index + 1) == "day" && word(index + 2) == "after" && word(index + 3) == "tomorrow":
                return (4, today.adding(days: 2), nil)
            case "day" where word(index + 1) == "after" && word(index + 2) == "tomorrow":
                return (3, today.adding(days: 2), nil)
            case "next", "this":
                let next = first == "next"
                switch word(index + 1) {
                case "week" where next: return (2, monday(of: today).adding(days: 7), nil)
                case "month" where next:
                    let month = today.month == 12 ? Day(year: today.year + 1, month: 1, day: 1) : Day(year: today.year, month: today.month + 1, day: 1)
                    return month.map { (2, $0, nil) }
                case "weekend": return (2, monday(of: today).adding(days: next ? 12 : 5), nil)
                default:
                    guard let weekday = weekday(word(index + 1), abbreviated: true) else { return nil }
                    let thisWeek = monday(of: today).adding(days: weekday.rawValue - 1)
                    return (2, next ? thisWeek.adding(days: 7) : thisWeek < today ? thisWeek.adding(days: 7) : thisWeek, nil)
                }
            case "weekend": return (1, coming(.saturday, orToday: true), nil)
            case "in":
                guard let count = number(word(index + 1)), let unit = word(index + 2) else { return nil }
                switch unit {
                case "day", "days": return count > 0 ? (3, today.adding(days: count), nil) : nil
                case "week", "weeks": return count > 0 ? (3, today.adding(days: 7 * count), nil) : nil
                default: return nil
                }
            case "on":
                if let weekday = weekday(word(index + 1), abbreviated: true) { return (2, coming(weekday, orToday: false), nil) }
                return date(at: index + 1).map { ($0.0 + 1, $0.1, nil) }
            default:
                if let weekday = weekday(first, abbreviated: false) { return (1, coming(weekday, orToday: false), nil) }
                return date(at: index).map { ($0.0, $0.1, nil) }
            }
        }

        /// A date at `index`: `2026-12-05`, `the 5th`, `5th`, `Dec 5`, `December 5th`, `5 December`, `the 5th of
        /// December`, a year after the month's day allowed; a date without a year is the next one from today.
        func date(at index: Int) -> (Int, Day)? {
            guard let first = word(index) else { return nil }
            // A day gone by is no day to plan for: `Notes of 2026-11-01` stays words.
            if let day = Day(first), first.count == 10 { return day >= today ? (1, day) : nil }
            var at = index
            if first == "the" { at += 1 }
            // A day of the month first: `5th`, `5th of December`, `5 Dec`.
            if let (number, ordinal) = dayOfMonth(word(at)) {
                var next = at + 1
                if word(next) == "of" { next += 1 }
                if let month = month(word(next)) {
                    return withYear(at: next + 1, month: month, day: number).map { (next + 1 + $0.0 - index, $0.1) }
                }
                // Alone, a day of the month needs its ordinal (`the 5th`); a bare number is a title word.
                guard ordinal else { return nil }
                return coming(dayOfMonth: number).map { (at + 1 - index, $0) }
            }
            // The month first: `Dec 5`, `December 5th`.
            if first != "the", let month = month(first), let (number, _) = dayOfMonth(word(index + 1)) {
                return withYear(at: index + 2, month: month, day: number).map { (2 + $0.0, $0.1) }
            }
            return nil
        }

        /// `day` of `month` in the year at `index` (`2027`, taking one word), else the next such day from today.
        func withYear(at index: Int, month: Int, day: Int) -> (Int, Day)? {
            if let text = word(index), text.count == 4, let year = Int(text), year >= 2000, let date = Day(year: year, month: month, day: day) {
                return (1, date)
            }
            if let date = Day(year: today.year, month: month, day: day), date >= today { return (0, date) }
            return Day(year: today.year + 1, month: month, day: day).map { (0, $0) }
        }

        /// A time of day at `index`: `15:00`, `9:30`, `3pm`, `3 pm`, `9` (`alone`: a bare hour; else only where the
        /// words end or a tag or another phrase follows, so that `Look at 3 options` stays words). Its length and
        /// its minutes since midnight.
        func clock(at index: Int, alone: Bool) -> (Int, Int)? {
            guard let text = word(index) else { return nil }
            var digits = Substring(text), meridiem: String?
            for suffix in ["am", "pm", "a.m", "p.m"] where digits.hasSuffix(suffix) {
                meridiem = String(suffix.prefix(1))
                digits = digits.dropLast(suffix.count)
                break
            }
            var length = 1
            if meridiem == nil, let next = word(index + 1), ["am", "pm", "a.m", "p.m"].contains(next) {
                meridiem = String(next.prefix(1))
                length = 2
            }
            let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
                  parts[0].count <= 2, let hour = Int(parts[0]), parts.count == 1 || parts[1].count == 2,
                  let minute = parts.count == 2 ? Int(parts[1]) : 0, (0...59).contains(minute) else { return nil }
            if let meridiem {
                guard (1...12).contains(hour) else { return nil }
                return (length, (hour % 12 + (meridiem == "p" ? 12 : 0)) * 60 + minute)
            }
            guard (0...23).contains(hour) else { return nil }
            if parts.count == 1, !alone {
                // A bare hour after `at`: only at the end, or before a tag or another phrase.
                let after = index + 1
                guard after >= words.count || protected[after] || phrase(at: after) != nil else { return nil }
            }
            return (length, hour * 60 + minute)
        }

        /// A length at `index`: `30m`, `30min`, `1h`, `1h30m`, `1.5h`, `30 minutes`, `2 hours`, `an hour`, `half an
        /// hour`, `90 mins`. Its length in words and its minutes.
        func duration(at index: Int) -> (Int, Int)? {
            guard let first = word(index) else { return nil }
            if first == "half", word(index + 1) == "an", word(index + 2) == "hour" { return (3, 30) }
            if first == "an" || first == "a", word(index + 1) == "hour" { return (2, 60) }
            // A number and a unit, as two words.
            if let count = Double(first), count > 0, let unit = word(index + 1) {
                switch unit {
                case "m", "min", "mins", "minute", "minutes": return Int(exactly: count).map { (2, $0) }
                case "h", "hr", "hrs", "hour", "hours": return count * 60 == (count * 60).rounded() ? (2, Int(count * 60)) : nil
                default: return nil
                }
            }
            // One word: `1h30m`, `45m`, `1.5h`, `90min`.
            var rest = Substring(first), minutes = 0, read = false
            if let h = rest.firstIndex(of: "h"), let hours = Double(rest[..<h]), hours > 0, hours * 60 == (hours * 60).rounded() {
                minutes = Int(hours * 60)
                rest = rest[rest.index(after: h)...]
                read = true
            }
            for unit in ["mins", "min", "m"] where rest.hasSuffix(unit) {
                guard let m = Int(rest.dropLast(unit.count)), m > 0 else { return nil }
                minutes += m
                rest = ""
                read = true
                break
            }
            return read && rest.isEmpty && minutes > 0 && minutes < 24 * 60 ? (1, minutes) : nil
        }

        /// A count in digits or words (`2`, `a`, `two`), 1 to 365.
        func number(_ word: String?) -> Int? {
            guard let word else { return nil }
            let words = ["a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                         "eight": 8, "nine": 9, "ten": 10]
            if let count = words[word] { return count }
            guard word.allSatisfy(\.isASCII), let count = Int(word), (1...365).contains(count) else { return nil }
            return count
        }

        /// A day of the month, `5`, `5th`, `1st`, `22nd`, `3rd`: the number, and whether its ordinal was written.
        func dayOfMonth(_ word: String?) -> (Int, Bool)? {
            guard let word else { return nil }
            var digits = Substring(word), ordinal = false
            for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
                digits = digits.dropLast(2)
                ordinal = true
                break
            }
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCII), let number = Int(digits), (1...31).contains(number) else { return nil }
            return (number, ordinal)
        }

        /// A month's name or its three-letter (or `Sept`) abbreviation: 1 to 12.
        func month(_ word: String?) -> Int? {
            guard let word else { return nil }
            let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                         "november", "december"]
            if let index = names.firstIndex(of: word) { return index + 1 }
            if word == "sept" { return 9 }
            guard word.count == 3, word != "may", let index = names.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
            return index + 1
        }

        /// A weekday's name; its abbreviations (`fri`, `tues`, `thurs`) only where `abbreviated` (after `on`, `next`
        /// or `this`: alone, `sun` or `wed` is more often a word).
        func weekday(_ word: String?, abbreviated: Bool) -> Weekday? {
            guard let word else { return nil }
            if let day = Weekday.allCases.first(where: { $0.name.lowercased() == word }) { return day }
            guard abbreviated else { return nil }
            let spelled: [String: Weekday] = ["tues": .tuesday, "thur": .thursday, "thurs": .thursday, "weds": .wednesday]
            return spelled[word] ?? Weekday.allCases.first { $0.abbreviation.lowercased() == word }
        }

        /// The Monday of `day`'s week.
        func monday(of day: Day) -> Day { day.adding(days: 1 - Weekday(of: day).rawValue) }

        /// The next `weekday` after today (or today itself, `orToday`).
        func coming(_ weekday: Weekday, orToday: Bool) -> Day {
            var ahead = (weekday.rawValue - Weekday(of: today).rawValue + 7) % 7
            if ahead == 0, !orToday { ahead = 7 }
            return today.adding(days: ahead)
        }

        /// The next day of the month `number` from today on (today included), in a month that has it.
        func coming(dayOfMonth number: Int) -> Day? {
            var year = today.year, month = today.month
            for _ in 0..<13 {
                if let day = Day(year: year, month: month, day: number), day >= today { return day }
                month += 1
                if month == 13 { month = 1; year += 1 }
            }
            return nil
        }
    }
}
