/**
 * The sandbox's checkout.min.js: the part of MPGS's Checkout library a Hosted Checkout shop
 * uses, `Checkout.configure({session: {id}})` then `Checkout.showPaymentPage()`, which takes
 * the browser to the hosted page of that session below the script's own gateway root.
 * https://developer.mastercard.com/mastercard-gateway/documentation/api-reference/js-libraries/checkout/
 * https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/hostedCheckout/implementingTheHostedPaymentPage.html
 *
 * What the real bundle loads besides itself is not documented: the library's reference gives
 * its address, functions and callbacks only. Its documented displays inside the shop's page
 * (showEmbeddedPage, the Modal mode) bring the gateway's styles, and with them fonts and
 * images, into that page, and its error callback's causes SERVER_BUSY and SERVER_FAILED mean
 * it calls its server
 * (https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/checkout/version/55/callback/error.html).
 * So that a shop's content security policy is tried on each of those, this one loads one of
 * each from its own origin before it sends the payer away: its stylesheet, the font that
 * stylesheet declares, its mark (an image), and a call to its server. It leaves only once each
 * has answered or failed, so a page that blocks one reports it while still open; a server it
 * could not reach goes to data-error as SERVER_FAILED and the payer stays, as the hosted page
 * would not load either. A frame (the embedded page's) is not tried: the shop never embeds.
 */
import { CHECKOUT_SCRIPT_PATH } from '../../integrations/gateway/browser-url';
import { CHECKOUT_FONT_FAMILY, checkoutLibraryPaths, hostedPagePath } from './paths';

const escapedScriptPath = CHECKOUT_SCRIPT_PATH.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Plain ES5 in one expression, as a third-party script must run in any browser a shop serves.
// Like the real library, a mistake goes to the function named by the tag's data-error, in the
// documented shape (result ERROR, a cause and an explanation).
export const checkoutScript = `/* Tern gateway sandbox: Checkout (Hosted Checkout subset) */
(function () {
  var tag = document.currentScript;
  var root = tag.src.replace(/${escapedScriptPath}(?:[?#].*)?$/, '');
  var configured;
  var stylesheet;
  function fail(cause, explanation) {
    var handler = window[tag.getAttribute('data-error') || ''];
    var error = { result: 'ERROR', cause: cause, explanation: explanation };
    if (typeof handler === 'function') handler(error);
    else throw new Error(explanation);
  }
  function afterAll(count, done) {
    var left = count;
    return function () {
      left -= 1;
      if (left === 0) done();
    };
  }
  function loadStylesheetAndFont(settled) {
    if (stylesheet && stylesheet.parentNode) stylesheet.parentNode.removeChild(stylesheet);
    stylesheet = document.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = root + '${checkoutLibraryPaths.stylesheet}';
    stylesheet.onload = function () {
      var fonts = document.fonts;
      if (!fonts || !fonts.load) return settled();
      fonts.load('1em "${CHECKOUT_FONT_FAMILY}"').then(settled, settled);
    };
    stylesheet.onerror = settled;
    document.head.appendChild(stylesheet);
  }
  function loadMark(settled) {
    var mark = new Image();
    mark.onload = settled;
    mark.onerror = settled;
    mark.src = root + '${checkoutLibraryPaths.image}';
  }
  function callServer(answered) {
    var request = new XMLHttpRequest();
    request.open('GET', root + '${checkoutLibraryPaths.ping}');
    request.onload = function () { answered(request.status >= 200 && request.status < 300); };
    request.onerror = function () { answered(false); };
    request.send();
  }
  function prepare(done) {
    var reachable = false;
    var settled = afterAll(3, function () { done(reachable); });
    loadStylesheetAndFont(settled);
    loadMark(settled);
    callServer(function (answered) {
      reachable = answered;
      settled();
    });
  }
  window.Checkout = {
    configure: function (options) {
      var id = options && options.session && options.session.id;
      if (typeof id !== 'string' || !id) return fail('INVALID_REQUEST', 'Checkout.configure needs session.id');
      configured = { session: { id: id } };
    },
    showPaymentPage: function () {
      if (!configured) return fail('INVALID_REQUEST', 'Call Checkout.configure before Checkout.showPaymentPage');
      var id = configured.session.id;
      prepare(function (reachable) {
        if (!reachable) return fail('SERVER_FAILED', 'The payment gateway could not be reached');
        window.location.assign(root + '${hostedPagePath('')}' + encodeURIComponent(id));
      });
    }
  };
})();
`;

/** The library's stylesheet: only its font, under a family name no page of the shop uses. */
export const checkoutStylesheet = `/* Tern gateway sandbox: Checkout's own styles */
@font-face {
  font-family: "${CHECKOUT_FONT_FAMILY}";
  src: url("${checkoutLibraryPaths.font.split('/').at(-1)}") format("truetype");
  font-display: swap;
}
`;

/** The library's mark: the padlock the hosted page shows beside "Secure payment". */
export const checkoutMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path fill="#0b4a8f" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"/></svg>
`;
