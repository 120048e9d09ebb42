
/// The report page's only script, served at `path` (the CSP is `script-src 'self'`, so no
/// inline script): it shows each fix's Copy button and copies the code with the Clipboard
/// API (https://developer.mozilla.org/en-US/docs/Web/API/Clipboard/writeText), selecting
/// the code instead where that is refused (plain HTTP, an old WebView). What is folded stays
/// folded in print too (`ReportStyles`): the paper copy has this app's fix, not every wrapper's.
///
/// The page reads completely without it: the buttons stay `hidden`.
public enum ReportScript {
    public static let path = "/assets/report.js"
    public static let contentType = "text/javascript; charset=utf-8"

    public static let js = """
    (function () {
      'use strict';
      function select(code) {
        var range = document.createRange();
        range.selectNodeContents(code);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      function said(button, text) {
        button.textContent = text;
        setTimeout(function () { button.textContent = 'Copy'; }, 2000);
      }
      var buttons = document.querySelectorAll('button.copy');
      for (var i = 0; i < buttons.length; i++) {
        (function (button) {
          var code = document.getElementById(button.getAttribute('data-for'));
          if (!code) return;
          button.hidden = false;
          button.addEventListener('click', function () {
            var text = code.textContent;
            if (navigator.clipboard && navigator.clipboard.writeText) {
              navigator.clipboard.writeText(text).then(function () { said(button, 'Copied'); },
                function () { select(code); said(button, 'Selected: press Copy'); });
            } else {
              select(code);
              said(button, 'Selected: press Copy');
            }
          });
        })(buttons[i]);
      }
    })();

    """
}
