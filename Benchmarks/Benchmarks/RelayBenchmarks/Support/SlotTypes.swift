/// Ten thousand distinct service types, made at run time, for the scenarios that register many
/// services (5 and 8).
///
/// `Slot<D3, D1, D4, D1>` is service number 3141: four generic parameters, each one of ten digit
/// types, give 10⁴ distinct metatypes without 10⁴ declarations to compile. Every library
/// registers and resolves them through the same generic functions, opened from
/// `any SlotService.Type`, so each one pays the same unspecialised-generic price.
protocol SlotService: AnyObject, Sendable {
    init()
}

/// One of the ten digits of a slot number.
protocol SlotDigit {}
enum D0: SlotDigit {}
enum D1: SlotDigit {}
enum D2: SlotDigit {}
enum D3: SlotDigit {}
enum D4: SlotDigit {}
enum D5: SlotDigit {}
enum D6: SlotDigit {}
enum D7: SlotDigit {}
enum D8: SlotDigit {}
enum D9: SlotDigit {}

final class Slot<Thousands: SlotDigit, Hundreds: SlotDigit, Tens: SlotDigit, Units: SlotDigit>: SlotService {
    init() {}
}

enum SlotTypes {
    static let capacity = 10_000

    /// Slot types 0 to 9,999, in order.
    static let all: [any SlotService.Type] = {
        let digits: [any SlotDigit.Type] = [
            D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
        ]
        var types: [any SlotService.Type] = []
        types.reserveCapacity(capacity)
        for number in 0..<capacity {
            let thousands = digits[number / 1_000 % 10]
            let hundreds = digits[number / 100 % 10]
            let tens = digits[number / 10 % 10]
            let units = digits[number % 10]
            types.append(slot(thousands, hundreds, tens, units))
        }
        return types
    }()

    /// The first `count` slot types.
    static func first(_ count: Int) -> ArraySlice<any SlotService.Type> {
        precondition(count <= capacity, "only \(capacity) slot types exist")
        return all.prefix(count)
    }

    private static func slot<A: SlotDigit, B: SlotDigit, C: SlotDigit, D: SlotDigit>(
        _: A.Type, _: B.Type, _: C.Type, _: D.Type
    ) -> any SlotService.Type {
        Slot<A, B, C, D>.self
    }
}
