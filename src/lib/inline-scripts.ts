import { storageKeys } from '../stores/keys';

/**
 * Scripts inlined into every page. They are plain strings, not bundled modules, because they must run
 * before first paint (the head one) or without loading anything (the body one). Kept tiny on purpose.
 */
const keys = JSON.stringify({
  theme: storageKeys.theme,
  consent: storageKeys.consentMode,
  token: storageKeys.token,
  attribution: storageKeys.attribution,
});

/**
 * Runs in <head> before the body is parsed: picks the stored theme, else the system preference (and
 * keeps following it until the viewer chooses), marks a stored consent choice so CSS hides the banner,
 * and marks a stored session token (data-auth) so the header's button says "account" instead of "log in".
 */
export const headScript = `(function(k){var r=document.documentElement;try{var s=localStorage;var m=matchMedia('(prefers-color-scheme: dark)');var apply=function(){var t=s.getItem(k.theme);r.dataset.theme=t==='dark'||(t!=='light'&&m.matches)?'dark':'light'};apply();m.addEventListener('change',function(){if(!s.getItem(k.theme))apply()});var c=s.getItem(k.consent);if(c)r.dataset.consent=c;if(s.getItem(k.token))r.dataset.auth=''}catch(e){r.dataset.theme='light'}})(${keys})`;

/**
 * Runs at the end of <body>: registers the service worker (public/sw.js: the offline page), shows the
 * downloads page's install button once the browser offers to install the web app, wires the theme
 * toggle buttons and the consent banner's buttons, lets
 * Escape close an open disclosure menu (returning focus to its summary) and a click outside it close it
 * too, and loads the account island (src/components/AccountEntry.astro) by moving its <template> into
 * the page: on the first click of the header's login button (marking html[data-auth-intent] so the
 * island opens the dialog), when the browser is idle if a token is stored, or at once on pages marked
 * data-auth-eager. For a stored token it also fills each [data-viewer-rows] with the server-rendered
 * HTML at that element's address (the home page's "continue watching" and favorites rows, a title
 * page's "Resume from"), so the cached page stays the same for every visitor.
 */
export const bodyScript = `(function(k){var r=document.documentElement;if('serviceWorker' in navigator)navigator.serviceWorker.register('/sw.js').catch(function(){});var install=document.querySelector('[data-install-app]');if(install)addEventListener('beforeinstallprompt',function(e){e.preventDefault();install.hidden=false;install.onclick=function(){install.hidden=true;e.prompt()}});var toggles=document.querySelectorAll('[data-theme-toggle]');var sync=function(){toggles.forEach(function(b){b.setAttribute('aria-pressed',String(r.dataset.theme==='dark'))})};sync();new MutationObserver(sync).observe(r,{attributes:true,attributeFilter:['data-theme']});toggles.forEach(function(b){b.addEventListener('click',function(){var t=r.dataset.theme==='dark'?'light':'dark';r.dataset.theme=t;try{localStorage.setItem(k.theme,t)}catch(e){}})});document.querySelectorAll('[data-consent-choice]').forEach(function(b){b.addEventListener('click',function(){var c=b.getAttribute('data-consent-choice');try{localStorage.setItem(k.consent,c)}catch(e){}r.dataset.consent=c})});document.addEventListener('keydown',function(e){if(e.key!=='Escape')return;document.querySelectorAll('details[data-menu][open]').forEach(function(d){d.open=false;var s=d.querySelector('summary');if(s)s.focus()})});document.addEventListener('click',function(e){document.querySelectorAll('details[data-menu][open]').forEach(function(d){if(!d.contains(e.target))d.open=false})});var token=null;try{token=localStorage.getItem(k.token)}catch(e){}if(token)document.querySelectorAll('[data-viewer-rows]').forEach(function(rows){fetch(rows.getAttribute('data-viewer-rows'),{headers:{authorization:'Bearer '+token}}).then(function(res){return res.status===200?res.text():''}).then(function(html){if(html)rows.innerHTML=html},function(){})});var tpl=document.querySelector('template[data-auth-island]');var slot=document.querySelector('[data-auth-slot]');if(!tpl||!slot)return;var loaded=false;var load=function(){if(loaded)return;loaded=true;slot.replaceChildren(tpl.content.cloneNode(true))};slot.querySelectorAll('[data-auth-open]').forEach(function(b){b.addEventListener('click',function(){r.dataset.authIntent='open';load()})});if(document.querySelector('[data-auth-eager]'))return load();if(r.hasAttribute('data-auth')){var idle=window.requestIdleCallback||setTimeout;addEventListener('load',function(){idle(load)})}})(${keys})`;

/**
 * Runs at the end of <body>: on a visit tagged with utm_campaign, or to a landing (marked data-landing
 * with its data-campaign), keeps the first such campaign in localStorage as the query string the API
 * client sends with a sign-up or a payment (src/shared/growth.ts), and counts a landing visit with no
 * identifier. Where the consent banner is shown (the EEA) nothing is kept until the viewer grants
 * consent, and a refusal forgets what was kept. The page itself stays the same for every visitor.
 */
export const attributionScript = `(function(k){try{var s=localStorage;var q=new URLSearchParams(location.search);var page=document.querySelector('[data-landing]');var landing=page&&page.getAttribute('data-landing');var campaign=q.get('utm_campaign')||(page&&page.getAttribute('data-campaign'));if(!campaign)return;var tags=new URLSearchParams({utm_campaign:campaign});['utm_source','utm_medium'].forEach(function(n){var v=q.get(n);if(v)tags.set(n,v)});if(landing){tags.set('landing',landing);var visit={landing:landing,campaign:campaign};tags.forEach(function(v,n){if(n!=='utm_campaign'&&n!=='landing')visit[n]=v});fetch('/api/v1/growth/visits',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(visit),keepalive:true}).catch(function(){})}var ref=document.referrer?new URL(document.referrer).hostname:'';if(ref&&ref!==location.hostname)tags.set('referrer',ref);var keep=function(){if(!s.getItem(k.attribution))s.setItem(k.attribution,tags.toString())};if(!document.getElementById('consent-banner')||s.getItem(k.consent)==='granted')return keep();document.querySelectorAll('[data-consent-choice]').forEach(function(b){b.addEventListener('click',function(){if(b.getAttribute('data-consent-choice')==='granted')keep();else s.removeItem(k.attribution)})})}catch(e){}})(${keys})`;
