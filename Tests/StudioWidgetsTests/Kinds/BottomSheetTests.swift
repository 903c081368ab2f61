import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Rank and share sheets")
struct BottomSheetTests {
    @Test("a closed sheet is hidden and a tap passes through it to the room")
    func closedDoesNotBlock() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        let share = try f.add(ShareSheetWidget())
        let recorder = f.recorder(.roomTapped)
        #expect(rank.isHidden && share.isHidden)
        f.tapScreen(at: Point(x: 360, y: 700))
        f.run(seconds: GestureConfig().doubleTapInterval + 0.1)  // the room's double tap fails first
        #expect(recorder.count(of: .roomTapped) == 1)
    }

    @Test("rankListRequested slides the rank list up with eight rows")
    func rankOpens() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        f.publish(.rankListRequested)
        #expect(rank.isPresented)
        f.step()
        #expect(rank.sheetRect.minY > 1280 - rank.sheetRect.height)
        f.run(seconds: 0.5)
        #expect(rank.progress == 1)
        #expect(rank.sheetRect.maxY == 1280)
        #expect(rank.rows.count > RankListDialogWidget.rowCount, "more rows listed than show: the list scrolls")
        let texts = f.texts(in: .float)
        #expect(texts.contains("Hourly rank"))
        #expect(rank.rows.prefix(RankListDialogWidget.rowCount).allSatisfy { texts.contains($0.name) })
        #expect(!texts.contains(rank.rows[RankListDialogWidget.rowCount + 1].name), "rows below the eighth are out of view")
    }

    @Test("a tap outside the open sheet closes it without reaching the room; then it hides")
    func tapOutsideCloses() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        let recorder = f.recorder(.roomTapped)
        rank.present()
        f.run(seconds: 0.5)
        f.tapScreen(at: Point(x: 360, y: 100))
        #expect(!rank.isPresented)
        #expect(recorder.count(of: .roomTapped) == 0)
        // While it slides away, touches already pass through.
        #expect(rank.passesTouchesThrough)
        f.run(seconds: 0.5)
        #expect(rank.isHidden)
        #expect(f.texts(in: .float).isEmpty)
    }

    @Test("the close button closes the rank list and a tap on a row does not")
    func closeButton() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        rank.present()
        f.run(seconds: 0.5)
        let top = rank.sheetRect.minY
        #expect(f.tap(rank, at: Point(x: 200, y: top + 200)))
        #expect(rank.isPresented)
        f.tap(rank, at: Point(x: 720 - 52, y: top + 50))
        #expect(!rank.isPresented)
    }

    @Test("rankChanged puts this room's host at that place of the list")
    func hostRank() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        f.publish(.rankChanged, 2)
        #expect(rank.rows[1] == RankEntry(name: "Luna", coins: rank.rows[1].coins, isHost: true))
        #expect(rank.rows[0].coins > rank.rows[1].coins && rank.rows[1].coins > rank.rows[2].coins)
        f.publish(.rankChanged, 30)
        #expect(!rank.rows.contains { $0.isHost })
        #expect(rank.hostRank == 30)
    }

    /// A tap on `point` of the open sheet (the sheet's coordinates), through the studio.
    func tapSheet(_ f: BusinessStudioFixture, _ sheet: BottomSheetWidget, _ point: Point) {
        f.tapScreen(at: Point(x: point.x, y: sheet.sheetRect.minY + point.y))
    }

    @Test(
        "shareTapped opens the share sheet; tapping WeChat asks to confirm what goes where, Back returns to the targets, Confirm shares, toasts and closes it"
    )
    func shareToWeChat() throws {
        let f = try BusinessStudioFixture()
        let share = try f.add(ShareSheetWidget())
        let recorder = f.recorder(.sharedTo, .toastRequested)
        f.publish(.shareTapped)
        f.run(seconds: 0.5)
        #expect(share.isPresented)
        #expect(f.texts(in: .float).contains("Moments"))
        tapSheet(f, share, share.iconCenter(of: .wechat))
        #expect(share.chosen == .wechat)
        #expect(share.isPresented && recorder.count(of: .sharedTo) == 0, "choosing a target shares nothing yet")
        let confirmView = f.texts(in: .float)
        #expect(confirmView.contains("Share to WeChat?"))
        #expect(confirmView.contains(f.studio.room.title) && confirmView.contains("Luna's live room"))
        #expect(!confirmView.contains("Moments"))
        tapSheet(f, share, ShareSheetWidget.backButton.center)
        #expect(share.chosen == nil && share.isPresented)
        #expect(f.texts(in: .float).contains("Moments"))
        tapSheet(f, share, share.iconCenter(of: .wechat))
        tapSheet(f, share, ShareSheetWidget.confirmButton.center)
        #expect(recorder.values(.sharedTo) == ["WeChat"])
        #expect(recorder.values(.toastRequested) == ["Shared to WeChat"])
        #expect(!share.isPresented)
        f.step()
        #expect(f.texts(in: .float).contains("Shared to WeChat"))
    }

    @Test("a tap outside the confirm view closes the sheet without sharing, and it opens again on the targets")
    func confirmTapOutside() throws {
        let f = try BusinessStudioFixture()
        let share = try f.add(ShareSheetWidget())
        let recorder = f.recorder(.sharedTo)
        f.publish(.shareTapped)
        f.run(seconds: 0.5)
        tapSheet(f, share, share.iconCenter(of: .link))
        #expect(share.chosen == .link)
        f.tapScreen(at: Point(x: 360, y: 300))
        #expect(!share.isPresented)
        #expect(recorder.count(of: .sharedTo) == 0)
        f.run(seconds: 0.5)
        f.publish(.shareTapped)
        #expect(share.isPresented && share.chosen == nil)
    }

    @Test("the confirm view's buttons are at least 44 points square")
    func confirmButtonsBigEnough() {
        for button in [ShareSheetWidget.backButton, ShareSheetWidget.confirmButton] {
            #expect(button.width >= 44 && button.height >= 44)
        }
    }

    @Test("the share sheet's Cancel and a tap outside close it without sharing")
    func shareCancel() throws {
        let f = try BusinessStudioFixture()
        let share = try f.add(ShareSheetWidget(targets: [.wechat, .qq, .weibo, .link]))
        let recorder = f.recorder(.sharedTo)
        share.present()
        f.run(seconds: 0.5)
        f.tap(share, at: Point(x: 360, y: 1280 - 40))
        #expect(!share.isPresented)
        share.present()
        f.run(seconds: 0.5)
        f.tap(share, at: Point(x: 360, y: 300))
        #expect(!share.isPresented)
        #expect(recorder.count(of: .sharedTo) == 0)
    }

    @Test("an unknown share target in the options is named by its index")
    func badTarget() {
        let error = #expect(throws: ConfigError.self) {
            try ShareSheetWidget.make(
                level: Levels.shareSheet,
                options: testOptions(["targets": .array([.string("wechat"), .string("fax")])]))
        }
        #expect(error?.keyPath == "widgets[0].options.targets[1]")
        #expect(error?.reason.contains("fax") == true)
    }

    @Test("an open sheet owns every drag: no swipe behind it changes room or lite mode")
    func openSheetOwnsDrags() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        let recorder = f.recorder(.verticalSwipe, .horizontalSwipe)
        rank.present()
        f.run(seconds: 0.5)
        f.drag(from: Point(x: 360, y: 300), by: Point(x: 0, y: -500))  // up on the backdrop
        f.drag(from: Point(x: 100, y: 300), by: Point(x: 400, y: 0))  // sideways on the backdrop
        f.drag(from: Point(x: 100, y: rank.sheetRect.midY), by: Point(x: 400, y: 0))  // sideways on the sheet
        #expect(recorder.received.isEmpty)
        #expect(rank.isPresented)
        #expect(!f.studio.isLiteMode)
    }

    @Test("a short slow pull on the sheet follows the finger and springs back")
    func shortPullSpringsBack() throws {
        let f = try BusinessStudioFixture()
        let rank = try f.add(RankListDialogWidget())
        rank.present()
        f.run(seconds: 0.5)
        let top = rank.sheetRect.minY
        let start = Point(x: 360, y: top + 40)
        f.studio.handleInput(.pointer(PointerEvent(.down, at: start, time: f.time)))
        f.studio.handleInput(.pointer(PointerEvent(.moved, at: start + Point(x: 0, y: 30), time: f.time + 0.2)))
        f.studio.handleInput(.pointer(PointerEvent(.moved, at: start + Point(x: 0, y: 60), time: f.time + 0.4)))
        #expect(rank.sheetRect.minY == top + 60, "the sheet does not follow the finger 1:1")
        f.studio.handleInput(.pointer(PointerEvent(.up, at: start + Point(x: 0, y: 60), time: f.time + 0.6)))
        f.studio.announcer.deliverQueued()
        #expect(rank.isPresented)
        f.run(seconds: 1)
        #expect(rank.pullOffset == 0)
        #expect(rank.sheetRect.minY == top)
    }

    @Test("pulling the sheet far down, or flinging it, dismisses it")
    func longPullDismisses() throws {
        for delta in [Point(x: 0, y: 500), Point(x: 0, y: 160)] {
            let f = try BusinessStudioFixture()
            let rank = try f.add(RankListDialogWidget())
            rank.present()
            f.run(seconds: 0.5)
            // 500 px is past the dismiss distance; 160 px in 0.16 s is short of it but a fling.
            // The short one must be short of the distance, so that only its speed dismisses.
            if delta.y < 200 { #expect(delta.y < rank.sheetHeight * BottomSheetWidget.dismissFraction) }
            f.drag(from: Point(x: 360, y: rank.sheetRect.minY + 40), by: delta)
            #expect(!rank.isPresented, "a pull of \(delta.y) px did not dismiss")
            f.run(seconds: 0.5)
            #expect(rank.isHidden)
        }
    }
}
