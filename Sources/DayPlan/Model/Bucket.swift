/// The 1-3-5 bucket of a task, said by its bullet.
public enum Bucket: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// `*`: the one thing that has to happen; at most 1 open per region.
    case must
    /// `+`: real work that supports the day; at most 3 open per region.
    case complementary
    /// `-`: small things such as errands, replies and chores; at most 5 open per region.
    case misc

    /// How many open tasks of this bucket a limited region may hold.
    public var limit: Int {
        switch self {
        case .must: 1
        case .complementary: 3
        case .misc: 5
        }
    }

    /// The bullet that writes this bucket.
    public var bullet: Character {
        switch self {
        case .must: "*"
        case .complementary: "+"
        case .misc: "-"
        }
    }

    /// The bucket's name as people say it: "must", "complementary", "misc".
    public var description: String { nameLiteral.description }

    /// `description` as a literal, for writing it with no string made (a report writes three a day).
    public var nameLiteral: StaticString {
        switch self {
        case .must: "must"
        case .complementary: "complementary"
        case .misc: "misc"
        }
    }

    /// The bullet as a byte.
    var bulletByte: UInt8 {
        switch self {
        case .must: UInt8(ascii: "*")
        case .complementary: UInt8(ascii: "+")
        case .misc: UInt8(ascii: "-")
        }
    }

    /// The bucket a bullet byte writes, if any.
    package init?(bullet byte: UInt8) {
        switch byte {
        case UInt8(ascii: "*"): self = .must
        case UInt8(ascii: "+"): self = .complementary
        case UInt8(ascii: "-"): self = .misc
        default: return nil
        }
    }

    /// Must before complementary before misc.
    public static func < (lhs: Bucket, rhs: Bucket) -> Bool { lhs.rawValue < rhs.rawValue }
}
