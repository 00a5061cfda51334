import Testing
@testable import DayPlan
