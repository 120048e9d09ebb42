import Testing
@testable import ProbeCatalog

// File input: what docs/requirements.md expects of each probe of the area (written out
// independently of the catalog, so a wrong expectation cannot pass by agreeing with itself),
// and the diagnoses its evaluators state, each proved by a named test.

extension Expected {
    static let files: [Expected] = [
        .init("file.accept", "RRRRRRR", .tap, blocksFlow: true),
        .init("file.capture", "RRRRRRI", .tap, needsPerson: true, blocksFlow: true),
        .init("file.cancel", "RRRRRRR", .tap),
        .init("file.heic", "RRIIRII", .tap),
    ]
}

@Suite struct FilesDiagnosisTests {
    @Test func NoChangeAndNoCancelAfterATap_OnAndroid_MeansOnShowFileChooserIsMissing() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": false, "fileCount": 0, "waitedMs": 30000])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("onShowFileChooser is not implemented") == true)
        #expect(finding.remedy?.androidKotlin?.contains("onShowFileChooser") == true)
    }

    @Test func NoAnswerOnIOS_SaysWhatThePageSaw_AndTheRowNamesTheCause() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": false, "fileCount": 0, "waitedMs": 30000])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("The file panel never answered") == true)
        #expect(!finding.causes.isEmpty)
        #expect(finding.remedy?.iosSwift?.contains("runOpenPanelWith") == true)
    }

    @Test func CapturedPhotoNeverCameBack_OnAndroid_IsTheCallbackRowsCause() {
        let result = Run.result("file.capture", ["cameraOpenedDirectly": true, "environmentChangeFired": false, "userChangeFired": false])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("The camera opened but no photo came back to the page") == true)
        #expect(finding.causes.contains { $0.id == "android.chooser-callback-lost" })
    }

    @Test func SecondPickAfterACancelNeverFires_MeansTheCallbackWasNotAnswered() {
        let result = Run.result("file.cancel", ["cancelFired": false, "secondChooserOpened": false, "secondChangeFired": false, "secondFileCount": 0])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("After a cancel the second pick never reached the page") == true)
        #expect(finding.diagnosis?.contains("ValueCallback was not answered with null") == true)
        #expect(finding.causes.first?.id == "android.chooser-cancel-unanswered")
        #expect(finding.remedy?.androidKotlin?.contains("onReceiveValue(null)") == true)
    }

    @Test func ChooserCancelledFasterThanAPersonCan_OnAndroid_MeansOnShowFileChooserIsMissing() {
        // QtWebEngine with no chooser: Blink fires cancel a few ms after the tap.
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0, "waitedMs": 6.4])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.layer == .webView)
        #expect(finding.diagnosis?.contains("onShowFileChooser is not implemented") == true)
        #expect(finding.diagnosis?.contains("6 ms after the tap") == true)
        #expect(finding.remedy?.androidKotlin?.contains("onShowFileChooser") == true)
    }

    @Test func ChooserCancelledAtAPersonsSpeed_IsSkippedNotFailed() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0, "waitedMs": .number(Diff.fastCancelMs + 900)])
        #expect(Run.finding(.androidWebView, result).verdict == .skipped)
    }

    @Test func InstantCancelInTheCancelStep_BlamesTheMissingChooser_NotTheCallback() {
        let cancel = Run.result("file.cancel", ["cancelFired": true, "cancelMs": 4, "secondChooserOpened": false, "secondChangeFired": false])
        let finding = Run.finding(.androidWebView, cancel)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("onShowFileChooser") == true)
        #expect(finding.diagnosis?.contains("ValueCallback") == false)
        #expect(finding.remedy?.androidKotlin?.contains("onShowFileChooser") == true)
        // Without its own timing, the instant cancel of file.accept tells the same.
        let old = Run.result("file.cancel", ["cancelFired": true, "secondChooserOpened": false, "secondChangeFired": false])
        let accept = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "waitedMs": 3])
        #expect(Run.finding(.androidWebView, old, others: [accept]).diagnosis?.contains("onShowFileChooser") == true)
    }

    @Test func HEICWithNothingPicked_IsTheChooserNotTheServer() {
        let heic = Run.result("file.heic", ["changeFired": false, "cancelFired": false, "waitedMs": 20000, "type": .null, "serverAccepted": false])
        let finding = Run.finding(.iosWKWebView, heic)
        #expect(finding.verdict == .fail)
        #expect(finding.layer == .webView)
        #expect(finding.diagnosis?.contains("never answered") == true)
        #expect(finding.diagnosis?.contains("refused") == false)
        #expect(finding.remedy?.iosSwift?.contains("runOpenPanelWith") == true)
    }

    @Test func HEICChooserCancelledByThePerson_IsSkipped() {
        let heic = Run.result("file.heic", ["changeFired": false, "cancelFired": true, "waitedMs": 2400, "serverAccepted": false])
        #expect(Run.finding(.iosWKWebView, heic).verdict == .skipped)
    }

    @Test func HEICRefusedByTheServer_IsStillTheServersProblem() {
        let heic = Run.result("file.heic", ["changeFired": true, "type": "image/heic", "sniffedFormat": "heic", "serverAccepted": false])
        #expect(Run.finding(.iosWKWebView, heic).layer == .page)
    }

    @Test func CancelledChooser_IsSkippedNotFailed() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "fileCount": 0])
        #expect(Run.finding(.androidWebView, result).verdict == .skipped)
    }

    @Test func AlteredUpload_IsABodyIntegrityProblem() {
        let result = Run.result("file.accept", ["changeFired": true, "fileCount": 1, "type": "image/jpeg", "hashMatch": false])
        #expect(Run.finding(.iosWKWebView, result).layer == .network)
    }

    @Test func NonImageFromAnImageInput_OnAndroid_NamesTheAppsChooserIntent() {
        let result = Run.result("file.accept", ["changeFired": true, "cancelFired": false, "fileCount": 1, "type": "", "sniffedFormat": "other", "hashMatch": true])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.hasPrefix("accept=\"image/*\" was asked, but the chooser returned a non-image: the app's onShowFileChooser") == true)
        #expect(finding.causes.first?.id == "android.chooser-ignores-accept")
    }

    @Test func InstantCancelOnIOS_NamesRunOpenPanelAnsweringNil() {
        let result = Run.result("file.accept", ["changeFired": false, "cancelFired": true, "waitedMs": 12])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("The chooser was cancelled 12 ms after the tap, sooner than a person can see one: none was shown") == true)
        #expect(finding.causes.first?.id == "ios.open-panel-answers-nil")
    }

    @Test func SecondPickLostOnIOS_NamesTheCompletionHandlerOnCancel() {
        let result = Run.result("file.cancel", ["cancelFired": false, "secondChooserOpened": false, "secondChangeFired": false])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.causes.first?.id == "ios.open-panel-cancel-unanswered")
        #expect(finding.diagnosis?.contains("did not call its completion handler") == true)
    }

    @Test func NoCancelEventWhileTheSecondPickWorks_PassesAndSaysTheEnginesAge() {
        let result = Run.result("file.cancel", ["cancelFired": false, "secondChooserOpened": true, "secondChangeFired": true, "secondFileCount": 1])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .pass)
        #expect(finding.diagnosis?.contains("Chrome 113, Safari 16.4") == true)
    }
}
