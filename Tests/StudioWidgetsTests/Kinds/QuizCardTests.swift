import RoomFixtures
import StudioKit
import Testing

@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets
@testable import Studios

@Suite("Quiz card")
struct QuizCardTests {
    @Test("the countdown runs out, the right answer shows with percentages, then the next question comes")
    func roundTrip() throws {
        let f = try BusinessStudioFixture()
        let quiz = try f.add(QuizCardWidget(countdown: 10, pause: 4))
        f.isolate(quiz)
        let first = quiz.question
        f.tap(quiz, at: quiz.answerRect(first.correct).center)
        #expect(quiz.selected == first.correct)
        f.run(seconds: 9.9)
        #expect(!quiz.isRevealing)
        #expect(f.texts(in: .movable).contains("1"))  // the ring's last second
        f.run(seconds: 0.2)
        #expect(quiz.isRevealing)
        #expect(quiz.percentages.count == 3 && quiz.percentages.reduce(0, +) == 100)
        #expect(quiz.score == 1)
        #expect(quiz.footerText.hasPrefix("Correct! +10"))
        #expect(f.texts(in: .movable).contains("\(quiz.percentages[first.correct])%"))
        f.run(seconds: 4)
        #expect(!quiz.isRevealing)
        #expect(quiz.round == 2)
        #expect(quiz.question != first)
        #expect(quiz.selected == nil)
    }

    @Test("a wrong answer is marked wrong and no answer means time's up")
    func wrongAndNone() throws {
        let f = try BusinessStudioFixture()
        let quiz = try f.add(QuizCardWidget(countdown: 3, pause: 1))
        quiz.choose((quiz.question.correct + 1) % 3)
        f.run(seconds: 3.1)
        #expect(quiz.footerText.hasPrefix("Wrong answer"))
        #expect(quiz.score == 0)
        f.run(seconds: 1)
        f.run(seconds: 3.1)
        #expect(quiz.footerText.hasPrefix("Time's up"))
    }

    @Test("an answer is locked in: a second tap and taps after the reveal change nothing")
    func lockedIn() throws {
        let f = try BusinessStudioFixture()
        let quiz = try f.add(QuizCardWidget(countdown: 3, pause: 2))
        f.tap(quiz, at: quiz.answerRect(0).center)
        f.tap(quiz, at: quiz.answerRect(2).center)
        #expect(quiz.selected == 0)
        f.run(seconds: 3.1)
        let percentages = quiz.percentages
        f.tap(quiz, at: quiz.answerRect(1).center)
        #expect(quiz.selected == 0 && quiz.percentages == percentages)
    }

    @Test("the same seed asks the same questions with the same shares")
    func deterministic() throws {
        func run(seed: UInt64) throws -> [String] {
            let f = try BusinessStudioFixture(seed: seed)
            let quiz = try f.add(QuizCardWidget(countdown: 3, pause: 1))
            var seen: [String] = []
            for _ in 0..<5 {
                f.run(seconds: 3.1)
                seen.append(quiz.question.text + "\(quiz.percentages)")
                f.run(seconds: 1)
            }
            return seen
        }
        #expect(try run(seed: 5) == run(seed: 5))
    }

    @Test("shares are whole percentages summing to 100")
    func percentages() {
        #expect(QuizCardWidget.percentages(of: [1, 1, 1]) == [34, 33, 33])
        #expect(QuizCardWidget.percentages(of: [60, 20, 20]) == [60, 20, 20])
        #expect(QuizCardWidget.percentages(of: [7, 13, 5]).reduce(0, +) == 100)
    }

    @Test("the language option keeps only Chinese questions")
    func chinese() throws {
        let widget = try QuizCardWidget.make(
            level: Levels.quizCard,
            options: testOptions([
                "language": .string("zh"),
                "countdown": .number(3),
            ]))
        let quiz = try #require(widget as? QuizCardWidget)
        let f = try BusinessStudioFixture()
        try f.add(quiz)
        for _ in 0..<4 {
            #expect(quiz.question.text.contains { $0.isWideGlyph })
            f.run(seconds: 7.2)
        }
        #expect(quiz.round >= 4)
    }
}
