import Foundation
import Models
import Testing

/// A one-shot value reaches its waiter whether it is delivered before or after the waiting starts,
/// and only the first delivery counts.
@Suite struct OneShotTests {
    @Test func aValueDeliveredBeforeTheWaiterIsKept() async {
        let shot = OneShot<Int>()
        #expect(shot.fulfil(1))
        #expect(!shot.fulfil(2))
        #expect(await shot.value() == 1)
    }

    @Test func aWaiterIsResumedByTheFirstDeliveryFromAnyThread() async {
        for _ in 0..<200 {
            let shot = OneShot<Int>()
            let deliveries = (1...4).map { value in Thread { shot.fulfil(value) } }
            for delivery in deliveries { delivery.start() }
            let value = await shot.value()
            #expect((1...4).contains(value))
            #expect(!shot.fulfil(0), "delivered already")
            #expect(await shot.value() == value, "a later read sees the same value")
        }
    }
}
