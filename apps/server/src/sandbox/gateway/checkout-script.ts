/**
 * The sandbox's checkout.min.js: the part of MPGS's Checkout library a Hosted Checkout shop
 * uses, `Checkout.configure({session: {id}})` then `Checkout.showPaymentPage()`, which takes
 * the browser to the hosted page of that session below the script's own gateway root.
 * https://developer.mastercard.com/mastercard-gateway/documentation/api-reference/js-libraries/checkout/
 * https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/hostedCheckout/implementingTheHostedPaymentPage.html
 */
import { CHECKOUT_SCRIPT_PATH } from '../../integrations/gateway/browser-url';
import { hostedPagePath } from './paths';

const escapedScriptPath = CHECKOUT_SCRIPT_PATH.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Plain ES5 in one expression, as a third-party script must run in any browser a shop serves.
// Like the real library, a mistake goes to the function named by the tag's data-error.
export const checkoutScript = `/* Tern gateway sandbox: Checkout (Hosted Checkout subset) */
(function () {
  var tag = document.currentScript;
  var root = tag.src.replace(/${escapedScriptPath}(?:[?#].*)?$/, '');
  var configured;
  function fail(explanation) {
    var handler = window[tag.getAttribute('data-error') || ''];
    var error = { cause: 'INVALID_REQUEST', explanation: explanation };
    if (typeof handler === 'function') handler(error);
    else throw new Error(explanation);
  }
  window.Checkout = {
    configure: function (options) {
      var id = options && options.session && options.session.id;
      if (typeof id !== 'string' || !id) return fail('Checkout.configure needs session.id');
      configured = { session: { id: id } };
    },
    showPaymentPage: function () {
      if (!configured) return fail('Call Checkout.configure before Checkout.showPaymentPage');
      window.location.assign(root + '${hostedPagePath('')}' + encodeURIComponent(configured.session.id));
    }
  };
})();
`;
