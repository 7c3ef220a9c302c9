/**
 * `/t.js`, the page-view beacon websites load with `<script defer src="…/t.js" data-key="…">`.
 * Written small by hand (under 1 kB gzip, a test holds it): no cookie, no storage, no request but
 * its own `sendBeacon` to the server it came from, one per page view and per History navigation;
 * nothing at all when the browser asks not to be tracked. A page names its post or category in
 * `<meta name="sitefleet:post" content="…">` or `sitefleet:category`.
 */
export const BEACON_SCRIPT = `(function(){
var d=document,n=navigator,w=window,s=d.currentScript;
if(!s||n.doNotTrack=="1"||w.doNotTrack=="1")return;
var k=s.getAttribute("data-key"),e=new URL(s.src).origin+"/api/collect",l;
function m(x){var t=d.querySelector('meta[name="sitefleet:'+x+'"]');return t?t.content:void 0}
function v(){var u=location.href;if(u==l)return;var r=l||d.referrer;l=u;
n.sendBeacon(e,JSON.stringify({k:k,u:u,r:r||void 0,p:m("post"),c:m("category")}))}
var h=history,p=h.pushState;
h.pushState=function(){p.apply(h,arguments);v()};
w.addEventListener("popstate",v);
v()})();
`;
