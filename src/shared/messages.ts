import { localDigits } from '../lib/format';
import type { Locale } from '../lib/locale';

/**
 * Every message the API can answer with, in both languages. Validation and domain errors carry a key
 * (and parameters) and are translated once, at the HTTP boundary, into the request's language.
 */
const catalogue = {
  // validation
  required: { fa: 'وارد کردن این فیلد الزامی است', en: 'entering this field is required' },
  invalid_value: { fa: 'مقدار این فیلد معتبر نیست', en: 'the value of this field is not valid' },
  invalid_format: { fa: 'قالب این فیلد درست نیست', en: 'the format of this field is not valid' },
  control_characters: {
    fa: 'این فیلد نویسه‌های نامرئی غیرمجاز دارد',
    en: 'this field holds invisible characters that are not allowed',
  },
  invalid_email: { fa: 'نشانی ایمیل معتبر نیست', en: 'the e-mail address is not valid' },
  invalid_choice: { fa: 'یکی از گزینه‌های مجاز را انتخاب کنید', en: 'choose one of the allowed options' },
  invalid_number: { fa: 'یک عدد معتبر وارد کنید', en: 'enter a valid number' },
  too_short: {
    fa: 'این فیلد باید دست‌کم {min} نویسه باشد',
    en: 'this field must be at least {min} characters',
  },
  too_long: {
    fa: 'این فیلد حداکثر {max} نویسه می‌تواند باشد',
    en: 'this field can be at most {max} characters',
  },
  too_small: { fa: 'این مقدار باید دست‌کم {min} باشد', en: 'this value must be at least {min}' },
  too_big: { fa: 'این مقدار حداکثر {max} می‌تواند باشد', en: 'this value can be at most {max}' },
  phone_invalid: {
    fa: 'شماره تلفن همراه معتبر نیست',
    en: 'the phone number is not valid',
  },
  captcha_invalid: {
    fa: 'کد امنیتی درست نیست یا منقضی شده است؛ کد تازه را وارد کنید',
    en: 'the security code is wrong or has expired; enter the new one',
  },
  validation_failed: {
    fa: 'اطلاعات وارد شده کامل یا درست نیست',
    en: 'the information entered is incomplete or invalid',
  },
  // HTTP-level outcomes
  bad_request: { fa: 'درخواست قابل پردازش نیست', en: 'the request could not be processed' },
  unauthenticated: { fa: 'ابتدا وارد حساب کاربری خود شوید', en: 'please log in first' },
  forbidden: { fa: 'اجازه این کار را ندارید', en: 'you are not allowed to do this' },
  not_found: { fa: 'پیدا نشد', en: 'not found' },
  route_not_found: { fa: 'چنین مسیری در API وجود ندارد', en: 'there is no such API path' },
  conflict: {
    fa: 'این درخواست با وضعیت فعلی سازگار نیست',
    en: 'this request conflicts with the current state',
  },
  rate_limited: {
    fa: 'تعداد درخواست‌ها بیش از حد مجاز است؛ {seconds} ثانیه دیگر دوباره تلاش کنید',
    en: 'too many requests; try again in {seconds} seconds',
  },
  login_limited: {
    fa: 'رمز عبور بیش از حد اشتباه وارد شده است؛ {minutes} دقیقه دیگر دوباره تلاش کنید، یا «رمز عبور را فراموش کرده‌ام» را بزنید تا با کد یک‌بارمصرف وارد شوید',
    en: 'too many wrong passwords; try again in {minutes} minutes, or choose "I forgot my password" to log in with a one-time code',
  },
  internal: {
    fa: 'خطایی در سرور رخ داد؛ دوباره تلاش کنید',
    en: 'something went wrong on the server; try again',
  },
  method_not_allowed: {
    fa: 'این سرور درخواست با این روش را نمی‌پذیرد',
    en: 'this server does not accept requests with this method',
  },
  too_large: { fa: 'حجم درخواست بیش از حد مجاز است', en: 'the request is too large' },
  database_unavailable: {
    fa: 'سرویس چند لحظه در دسترس نیست؛ کمی بعد دوباره تلاش کنید',
    en: 'the service is unavailable for a moment; try again shortly',
  },
  migrations_pending: {
    fa: 'پایگاه داده هنوز به نسخه این سرور به‌روز نشده است',
    en: 'the database has not been migrated to this server’s version yet',
  },
  draining: { fa: 'این سرور در حال خاموش شدن است', en: 'this server is shutting down' },
  // domain outcomes
  state_not_found: { fa: 'استان پیدا نشد', en: 'province not found' },
  avatar_not_found: { fa: 'آواتار پیدا نشد', en: 'avatar not found' },
  media_link_invalid: {
    fa: 'پیوند پخش معتبر نیست؛ صفحه را دوباره باز کنید',
    en: 'the playback link is not valid; open the page again',
  },
  media_link_expired: {
    fa: 'پیوند پخش منقضی شده است؛ صفحه را دوباره باز کنید',
    en: 'the playback link has expired; open the page again',
  },
  media_key_refused: {
    fa: 'اجازهٔ پخش این محتوا را ندارید',
    en: 'you are not allowed to play this title',
  },
  contact_received: {
    fa: 'پیام شما دریافت شد؛ همکاران ما به‌زودی پاسخ می‌دهند',
    en: 'your message has been received; our team will reply soon',
  },
  // accounts
  user_name_invalid: {
    fa: 'شماره موبایل یا نشانی ایمیل معتبر وارد کنید',
    en: 'enter a valid mobile number or e-mail address',
  },
  code_format: { fa: 'کد تأیید باید ۶ رقم باشد', en: 'the verification code must be 6 digits' },
  code_invalid: { fa: 'کد تأیید درست نیست', en: 'the verification code is not correct' },
  code_expired: {
    fa: 'کد تأیید منقضی شده است؛ کد تازه بگیرید',
    en: 'the verification code has expired; ask for a new one',
  },
  code_too_many_tries: {
    fa: 'برای این کد بیش از حد تلاش شده است؛ کد تازه بگیرید',
    en: 'too many tries for this code; ask for a new one',
  },
  code_send_failed: {
    fa: 'ارسال کد تأیید ممکن نشد؛ کمی بعد دوباره تلاش کنید',
    en: 'the verification code could not be sent; try again shortly',
  },
  login_expired: {
    fa: 'مهلت این ورود به پایان رسیده است؛ از ابتدا شروع کنید',
    en: 'this login has expired; please start again',
  },
  password_wrong: {
    fa: 'نام کاربری یا رمز عبور درست نیست',
    en: 'the user name or password is not correct',
  },
  password_required: { fa: 'رمز عبور را وارد کنید', en: 'enter your password' },
  password_mismatch: {
    fa: 'رمز عبور و تکرار آن یکسان نیستند',
    en: 'the password and its confirmation do not match',
  },
  terms_not_accepted: {
    fa: 'برای ادامه باید قوانین و مقررات را بپذیرید',
    en: 'you must accept the terms and conditions to continue',
  },
  account_exists: {
    fa: 'حسابی با این نام کاربری از قبل وجود دارد',
    en: 'an account with this user name already exists',
  },
  email_taken: {
    fa: 'این نشانی ایمیل برای حساب دیگری ثبت شده است',
    en: 'this e-mail address belongs to another account',
  },
  too_many_sessions: {
    fa: 'نمی‌توانید بیش از ۳ دستگاه فعال داشته باشید',
    en: 'you cannot have more than 3 active devices',
  },
  session_not_found: { fa: 'این دستگاه پیدا نشد', en: 'device not found' },
  cross_login_invalid: {
    fa: 'کد ورود درست نیست یا منقضی شده است',
    en: 'the login code is wrong or has expired',
  },
  logged_out: { fa: 'از حساب کاربری خود خارج شدید', en: 'you have logged out' },
  account_deleted: { fa: 'حساب کاربری شما حذف شد', en: 'your account has been deleted' },
  profile_not_found: { fa: 'پروفایل پیدا نشد', en: 'profile not found' },
  profiles_limit: {
    fa: 'جز پروفایل خودتان حداکثر ۲ پروفایل دیگر می‌توانید بسازید',
    en: 'you can add at most two profiles besides your own',
  },
  main_profile_locked: {
    fa: 'پروفایل اصلی حذف‌شدنی نیست',
    en: 'the main profile cannot be deleted',
  },
  avatar_invalid: {
    fa: 'تصویر باید از نوع JPEG، PNG، WebP یا GIF باشد',
    en: 'the picture must be a JPEG, PNG, WebP or GIF image',
  },
  avatar_too_large: {
    fa: 'حجم تصویر حداکثر ۲ مگابایت می‌تواند باشد',
    en: 'the picture can be at most 2 MB',
  },
  // favorites, reactions, comments
  profile_required: {
    fa: 'ابتدا پروفایل خود را انتخاب کنید',
    en: 'choose a profile first',
  },
  product_not_found: { fa: 'این عنوان پیدا نشد', en: 'title not found' },
  favorite_added: { fa: 'به فهرست علاقه‌مندی‌ها افزوده شد', en: 'added to your favorites' },
  favorite_removed: { fa: 'از فهرست علاقه‌مندی‌ها حذف شد', en: 'removed from your favorites' },
  comment_not_found: { fa: 'دیدگاه پیدا نشد', en: 'comment not found' },
  comment_pending: {
    fa: 'دیدگاه شما پس از تأیید منتشر خواهد شد',
    en: 'your comment will be published after approval',
  },
  comment_approved: { fa: 'دیدگاه تأیید و منتشر شد', en: 'the comment was approved and published' },
  comment_rejected: { fa: 'دیدگاه رد شد', en: 'the comment was rejected' },
  // playback (issue 5)
  not_in_region: {
    fa: 'این محتوا در منطقه شما در دسترس نیست',
    en: 'item not available in your region',
  },
  not_available_now: { fa: 'این محتوا در حال حاضر در دسترس نیست', en: 'not available at this time' },
  screening_ended: { fa: 'این اکران به پایان رسیده است', en: 'screening has ended' },
  screening_not_started: {
    fa: 'اکران هنوز آغاز نشده است',
    en: 'the screening has not started yet',
  },
  needs_access: {
    fa: 'برای تماشای این محتوا اشتراک تهیه کنید یا آن را بخرید',
    en: 'get a subscription or buy this title to watch it',
  },
  plans_not_available: {
    fa: 'طرحی برای خرید این فیلم در دسترس نیست',
    en: 'plans not available for this movie',
  },
  no_video_yet: {
    fa: 'ویدئوی این عنوان هنوز آماده نیست؛ تا آن زمان فروخته نمی‌شود',
    en: 'this title has no video yet and is not on sale until it does',
  },
  ticket_invalid: { fa: 'کد بلیت معتبر نیست', en: 'the ticket code is not valid' },
  ticket_used: {
    fa: 'این بلیت پیش‌تر در حساب دیگری استفاده شده است',
    en: 'this ticket has already been used by another account',
  },
  ticket_expired: { fa: 'مهلت استفاده از این بلیت به پایان رسیده است', en: 'this ticket has expired' },
  ticket_wrong_network: {
    fa: 'این بلیت روی شبکه دیگری فعال شده است؛ هر بلیت اکران آنلاین فقط روی یک شبکه کار می‌کند',
    en: 'this ticket is in use on another network; a live ticket works on one network only',
  },
  episode_not_found: { fa: 'این قسمت پیدا نشد', en: 'episode not found' },
  user_not_found: { fa: 'کاربری با این نام کاربری پیدا نشد', en: 'no account has this user name' },
  player_report_received: {
    fa: 'گزارش شما دریافت شد؛ از همراهی‌تان سپاسگزاریم',
    en: 'thank you, your report has been received',
  },
  grant_created: { fa: 'دسترسی ثبت شد', en: 'access granted' },
  // commerce
  already_owned: {
    fa: 'شما هم‌اکنون به این مورد دسترسی دارید',
    en: 'you already have access to this',
  },
  package_not_found: { fa: 'این بستهٔ اشتراک پیدا نشد', en: 'subscription package not found' },
  item_required: { fa: 'موردی که می‌خرید را انتخاب کنید', en: 'choose what to buy' },
  amount_required: { fa: 'مبلغ شارژ را وارد کنید', en: 'enter the amount to add' },
  not_for_this_type: {
    fa: 'این فیلد برای این نوع پرداخت نیست',
    en: 'this field does not apply to this payment',
  },
  // gifts (issue 14)
  gift_invalid: { fa: 'کد هدیه معتبر نیست', en: 'the gift code is not valid' },
  gift_used: { fa: 'این کد هدیه پیش‌تر استفاده شده است', en: 'this gift code has already been used' },
  gift_already_redeemed: {
    fa: 'شما این کد هدیه را پیش‌تر استفاده کرده‌اید',
    en: 'you have already used this gift code',
  },
  gift_expired: { fa: 'مهلت استفاده از این کد هدیه گذشته است', en: 'this gift code has expired' },
  gift_applied: {
    fa: 'هدیه به حساب شما افزوده شد: {months} ماه اشتراک، تا {date}',
    en: 'the gift was added to your account: {months} months of subscription, until {date}',
  },
  gift_campaign_none: {
    fa: 'اکنون هدیه‌ای برای درخواست وجود ندارد',
    en: 'there is no gift to ask for at the moment',
  },
  gift_already_requested: {
    fa: 'هدیهٔ این دوره پیش‌تر برای این حساب یا این شماره فرستاده شده است',
    en: 'this season’s gift has already been sent for this account or this number',
  },
  gift_sent: {
    fa: 'کد هدیه به {to} فرستاده شد',
    en: 'the gift code was sent to {to}',
  },
  gift_recipient_required: {
    fa: 'شماره همراه یا ایمیل گیرندهٔ هدیه را وارد کنید',
    en: 'enter the mobile number or e-mail of the person the gift is for',
  },
  gift_subject: { fa: '{brand}: هدیه برای شما', en: '{brand}: a gift for you' },
  gift_request_message: {
    fa: '{brand}\n{title}: {months} ماه اشتراک هدیه.\nکد هدیه: {code}\nدر {link} وارد کنید.',
    en: '{brand}\n{title}: {months} months of subscription, our gift.\nGift code: {code}\nEnter it at {link}',
  },
  gift_card_message: {
    fa: '{brand}\n{sender} برای شما {months} ماه اشتراک هدیه خریده است.\n{note}کد هدیه: {code}\nدر {link} وارد کنید.',
    en: '{brand}\n{sender} has given you {months} months of subscription.\n{note}Gift code: {code}\nEnter it at {link}',
  },
  // shop
  shop_product_not_found: { fa: 'این کالا پیدا نشد', en: 'product not found' },
  variant_required: { fa: 'گونهٔ کالا را انتخاب کنید', en: 'choose a variant' },
  out_of_stock: { fa: 'این کالا موجود نیست', en: 'this item is out of stock' },
  only_left: {
    fa: 'از این کالا فقط {count} عدد موجود است',
    en: 'only {count} of this item are left',
  },
  // cafes (issue 14)
  cafe_not_found: { fa: 'این کافه پیدا نشد', en: 'this cafe was not found' },
  cafe_session_not_found: { fa: 'این سانس پیدا نشد', en: 'this session was not found' },
  cafe_session_started: {
    fa: 'این سانس شروع شده است و بلیت آن دیگر فروخته نمی‌شود',
    en: 'this session has started; its seats are no longer sold',
  },
  cafe_session_sold_out: { fa: 'صندلی‌های این سانس تمام شده است', en: 'this session is sold out' },
  seats_left: {
    fa: 'از این سانس فقط {count} صندلی مانده است',
    en: 'only {count} seats are left in this session',
  },
  seats_required: { fa: 'تعداد صندلی‌ها را وارد کنید', en: 'enter the number of seats' },
  not_cafe_staff: {
    fa: 'این صفحه برای کارکنان کافه است',
    en: 'this page is for cafe staff',
  },
  check_in_ok: { fa: 'معتبر برای این سانس؛ خوش آمدید', en: 'valid for this session; welcome' },
  check_in_already_used: { fa: 'این بلیت پیش‌تر استفاده شده است', en: 'this ticket has already been used' },
  check_in_other_cafe: { fa: 'این بلیت برای کافهٔ دیگری است', en: 'this ticket is for another cafe' },
  check_in_other_session: {
    fa: 'این بلیت برای سانس دیگری است',
    en: 'this ticket is for another session',
  },
  check_in_expired: { fa: 'سانس این بلیت تمام شده است', en: 'this ticket’s session is over' },
  check_in_refunded: {
    fa: 'این بلیت بازپرداخت شده و دیگر معتبر نیست',
    en: 'this ticket was refunded and is no longer valid',
  },
  cart_item_not_found: { fa: 'این قلم در سبد خرید نیست', en: 'this item is not in the cart' },
  cart_empty: { fa: 'سبد خرید خالی است', en: 'the cart is empty' },
  postal_code_invalid: { fa: 'کد پستی باید ده رقم باشد', en: 'the postal code must be ten digits' },
  tel_invalid: {
    fa: 'شماره تلفن را با کد شهر یا به شکل ۰۹۱۲… وارد کنید',
    en: 'enter the phone number with its area code, or a mobile as 0912…',
  },
  city_not_in_state: {
    fa: 'این شهر در استان انتخاب‌شده نیست',
    en: 'this city is not in the chosen province',
  },
  address_not_found: { fa: 'این نشانی پیدا نشد', en: 'address not found' },
  address_required: { fa: 'نشانی تحویل را انتخاب کنید', en: 'choose a delivery address' },
  delivery_required: { fa: 'روش ارسال را انتخاب کنید', en: 'choose a delivery method' },
  delivery_unavailable: {
    fa: 'این روش ارسال به این نشانی نمی‌رسد',
    en: 'this delivery method does not reach this address',
  },
  order_not_found: { fa: 'این سفارش پیدا نشد', en: 'order not found' },
  order_status_refused: {
    fa: 'وضعیت این سفارش دیگر این تغییر را نمی‌پذیرد',
    en: 'this order can no longer be moved to that status',
  },
  order_canceled: {
    fa: 'سفارش لغو شد و مبلغ آن به کیف پول شما برگشت',
    en: 'the order was canceled and its amount returned to your wallet',
  },
  // staff console: shop orders, goods and viewers (issue 17)
  order_cancel_only: { fa: 'فقط می‌توانید سفارش خود را لغو کنید', en: 'you can only cancel your order' },
  tracking_required: {
    fa: 'برای ارسال، کد رهگیری (۴ تا ۴۰ حرف لاتین، رقم یا خط تیره) لازم است',
    en: 'sending needs a tracking number (4 to 40 Latin letters, digits or dashes)',
  },
  order_moved: { fa: 'وضعیت سفارش تغییر کرد', en: 'the order’s status was changed' },
  order_notice_subject: { fa: '{brand}: سفارش {id}', en: '{brand}: order {id}' },
  order_notice_Accepted: {
    fa: '{brand}\nسفارش {id} شما پذیرفته شد و آمادهٔ ارسال است.',
    en: '{brand}\nYour order {id} has been accepted and is being prepared for sending.',
  },
  order_notice_Delivered: {
    fa: '{brand}\nسفارش {id} شما ارسال شد. کد رهگیری: {tracking}',
    en: '{brand}\nYour order {id} has been sent. Tracking number: {tracking}',
  },
  order_notice_Rejected: {
    fa: '{brand}\nسفارش {id} شما پذیرفته نشد و مبلغ آن، {amount}، به کیف پول شما برگشت.',
    en: '{brand}\nYour order {id} could not be accepted; its amount, {amount}, is back in your wallet.',
  },
  order_notice_Canceled: {
    fa: '{brand}\nسفارش {id} شما لغو شد و مبلغ آن، {amount}، به کیف پول شما برگشت.',
    en: '{brand}\nYour order {id} was canceled; its amount, {amount}, is back in your wallet.',
  },
  shop_variant_not_found: { fa: 'این گونهٔ کالا پیدا نشد', en: 'this variant was not found' },
  stock_below_reserved: {
    fa: 'موجودی نمی‌تواند کمتر از {reserved} عددی باشد که پرداخت‌های در جریان نگه داشته‌اند',
    en: 'the stock cannot be below the {reserved} held by payments in progress',
  },
  stock_changed: {
    fa: 'موجودی در این فاصله تغییر کرد و اکنون {stock} است؛ دوباره بررسی و ذخیره کنید',
    en: 'the stock changed meanwhile and is now {stock}; check it and save again',
  },
  shop_slug_taken: {
    fa: 'این نشانی کالا پیش‌تر به کار رفته است',
    en: 'another product already has this slug',
  },
  goods_saved: { fa: 'کالا ذخیره شد', en: 'the product was saved' },
  account_blocked: {
    fa: 'این حساب کاربری مسدود شده است؛ برای پیگیری با پشتیبانی تماس بگیرید',
    en: 'this account has been blocked; please contact support',
  },
  viewer_not_found: { fa: 'این حساب کاربری پیدا نشد', en: 'account not found' },
  block_self_refused: { fa: 'نمی‌توانید حساب خودتان را مسدود کنید', en: 'you cannot block your own account' },
  block_staff_refused: {
    fa: 'فقط مدیر کل می‌تواند حساب یک کارمند را مسدود کند',
    en: 'only an admin can block a staff account',
  },
  viewer_blocked: {
    fa: 'حساب مسدود شد و همهٔ نشست‌هایش بسته شد',
    en: 'the account was blocked and all its sessions ended',
  },
  viewer_unblocked: { fa: 'حساب از انسداد درآمد', en: 'the account was unblocked' },
  viewer_sessions_ended: { fa: 'نشست پایان یافت', en: 'the session was ended' },
  discount_unknown: { fa: 'این کد تخفیف وجود ندارد', en: 'this discount code does not exist' },
  discount_expired: { fa: 'مهلت این کد تخفیف تمام شده است', en: 'this discount code has expired' },
  discount_not_started: { fa: 'این کد تخفیف هنوز فعال نشده است', en: 'this discount code is not active yet' },
  discount_used_up: {
    fa: 'ظرفیت استفاده از این کد تخفیف تمام شده است',
    en: 'this discount code has been used up',
  },
  discount_already_used: {
    fa: 'شما پیش‌تر از این کد تخفیف استفاده کرده‌اید',
    en: 'you have already used this discount code',
  },
  discount_not_for_item: {
    fa: 'این کد تخفیف برای این خرید نیست',
    en: 'this discount code does not apply to this purchase',
  },
  discount_wrong_currency: {
    fa: 'این کد تخفیف برای این واحد پول نیست',
    en: 'this discount code does not apply in this currency',
  },
  // staff console: payments, refunds and discount codes (issue 17)
  refund_not_allowed: {
    fa: 'این پرداخت بازپرداخت‌شدنی نیست: فقط خرید تحویل‌شدهٔ اشتراک، فیلم، بلیت یا صندلی کافه؛ سفارش فروشگاه با لغو آن',
    en: 'this payment cannot be refunded: only a delivered subscription, title, ticket or cafe seat; a shop order by cancelling it',
  },
  refund_changed: {
    fa: 'در این فاصله بازپرداخت دیگری برای این پرداخت ثبت شد؛ صفحه را تازه کنید و دوباره بررسی کنید',
    en: 'another refund of this payment was made meanwhile; reload and check again',
  },
  refund_reversal_waiting: {
    fa: 'بازگشت این پرداخت به کارت منتظر پاسخ درگاه است؛ پس از پاسخ آن دوباره تلاش کنید',
    en: 'a reversal of this payment to the card is waiting for the gateway; try again once it answers',
  },
  refund_too_big: {
    fa: 'مبلغ بازپرداخت بیش از مانده‌ای است که می‌توان بازگرداند',
    en: 'the refund is more than what is left to refund',
  },
  refund_not_reversible: {
    fa: 'درگاه این پرداخت نمی‌تواند آن را به کارت بازگرداند؛ به کیف پول بازپرداخت کنید',
    en: 'this payment’s gateway cannot return it to the card; refund it to the wallet',
  },
  refund_cafe_whole: {
    fa: 'بلیت کافه فقط یک‌جا بازپرداخت می‌شود: همهٔ مبلغ، با باطل شدن همهٔ صندلی‌های آن',
    en: 'a cafe ticket is refunded whole: the full amount, voiding all of its seats',
  },
  refund_cafe_checked_in: {
    fa: 'صندلی‌ای از این خرید پیش‌تر در کافه استفاده شده است؛ این خرید بازپرداخت‌شدنی نیست',
    en: 'a seat of this purchase was already used at the cafe; it cannot be refunded',
  },
  refund_done: { fa: 'مبلغ به کیف پول بیننده بازگشت', en: 'the amount was returned to the viewer’s wallet' },
  reversal_done: { fa: 'درگاه مبلغ را به کارت بازگرداند', en: 'the gateway returned the amount to the card' },
  reversal_refused: {
    fa: 'درگاه بازگشت به کارت را نپذیرفت (مهلتش گذشته یا تسویه شده است)؛ به کیف پول بازپرداخت کنید',
    en: 'the gateway refused to return it to the card (too late or already settled); refund it to the wallet',
  },
  reversal_waiting: {
    fa: 'درگاه پاسخ نداد؛ درخواست بازگشت ثبت شد، کمی بعد دوباره بپرسید',
    en: 'the gateway did not answer; the reversal is recorded, ask again in a moment',
  },
  discount_code_taken: { fa: 'این کد تخفیف پیش‌تر ساخته شده است', en: 'this discount code already exists' },
  discount_amount_required: {
    fa: 'مبلغ تخفیف را دست‌کم برای یک واحد پول وارد کنید',
    en: 'enter the discount amount for at least one currency',
  },
  discount_window_invalid: {
    fa: 'پایان اعتبار باید پس از آغاز آن باشد',
    en: 'the end of the validity must come after its start',
  },
  discount_unknown_product: {
    fa: 'یکی از شناسه‌های عنوان وجود ندارد',
    en: 'one of the title ids does not exist',
  },
  discount_limit_below_uses: {
    fa: 'این کد {used} بار استفاده شده است؛ سقف نمی‌تواند کمتر از آن باشد',
    en: 'this code has been used {used} times; the limit cannot be lower',
  },
  gift_plan_unknown: { fa: 'چنین بستهٔ اشتراکی وجود ندارد', en: 'there is no such subscription package' },
  gift_slug_taken: { fa: 'کمپینی با این نامک هست', en: 'a campaign with this slug exists' },
  gift_campaign_over: {
    fa: 'این کمپین تمام شده است؛ کد تازه‌ای نمی‌توان برایش ساخت',
    en: 'this campaign has ended; no new code can be made for it',
  },
  wallet_insufficient: {
    fa: 'موجودی کیف پول برای این پرداخت کافی نیست',
    en: 'your wallet does not hold enough for this payment',
  },
  gateway_unavailable: {
    fa: 'این درگاه برای این واحد پول در دسترس نیست',
    en: 'this gateway is not available for this currency',
  },
  gateway_failed: {
    fa: 'درگاه پرداخت پاسخ نداد؛ دوباره تلاش کنید یا درگاه دیگری را برگزینید',
    en: 'the payment gateway did not answer; try again or choose another gateway',
  },
  payment_declined: {
    fa: 'بانک کارت شما را نپذیرفت؛ پولی از حساب شما کم نشده است. با کارت دیگری یا درگاه دیگری دوباره تلاش کنید',
    en: 'your card was declined by the bank; no money was taken. Try again with another card or gateway',
  },
  payment_cancelled: {
    fa: 'پرداخت لغو شد یا بانک آن را نپذیرفت؛ پولی از حساب شما کم نشده است',
    en: 'the payment was cancelled or declined by the bank; no money was taken',
  },
  payment_amount_mismatch: {
    fa: 'مبلغ پرداخت‌شده با مبلغ سفارش یکی نبود؛ بانک پول را به کارت شما برمی‌گرداند',
    en: 'the amount paid did not match the order; the bank returns it to your card',
  },
  payment_expired: {
    fa: 'مهلت پرداخت به پایان رسید؛ اگر پولی کم شده باشد بانک آن را برمی‌گرداند',
    en: 'the payment timed out; if any money was taken the bank returns it',
  },
  payment_credited_owned: {
    fa: 'شما پیش‌تر به این مورد دسترسی داشتید؛ مبلغ {amount} به کیف پول شما برگشت',
    en: 'you already had access to this; {amount} was credited to your wallet',
  },
  payment_credited_withdrawn: {
    fa: 'این مورد دیگر فروخته نمی‌شود؛ مبلغ {amount} به کیف پول شما برگشت',
    en: 'this is no longer on sale; {amount} was credited to your wallet',
  },
  payment_reversed_owned: {
    fa: 'شما پیش‌تر به این مورد دسترسی داشتید؛ پرداخت {amount} برگشت داده شد و بانک آن را به کارت شما برمی‌گرداند',
    en: 'you already had access to this; your payment of {amount} was reversed and the bank returns it to your card',
  },
  payment_reversed_withdrawn: {
    fa: 'این مورد دیگر فروخته نمی‌شود؛ پرداخت {amount} برگشت داده شد و بانک آن را به کارت شما برمی‌گرداند',
    en: 'this is no longer on sale; your payment of {amount} was reversed and the bank returns it to your card',
  },
  payment_lapsed: {
    fa: 'تأیید پرداخت دیر به بانک رسید و بانک پول را برگرداند؛ تا ۷۲ ساعت به کارت شما برمی‌گردد',
    en: 'the bank did not hear our confirmation in time and gave the money back; it returns to your card within 72 hours',
  },
  payment_reference_reused: {
    fa: 'این رسید بانکی پیش‌تر برای پرداخت دیگری به کار رفته است',
    en: 'this bank receipt was already used for another payment',
  },
  direct_debit_unavailable: {
    fa: 'پرداخت خودکار ماهانه در این سرویس فعال نیست',
    en: 'automatic monthly payment is not available here',
  },
  direct_debit_phone_required: {
    fa: 'برای پرداخت خودکار، شمارهٔ همراه ایرانی که نزد بانک شما ثبت شده است را به حساب خود بیفزایید',
    en: 'to pay automatically, add to your account the Iranian mobile number your bank has on record',
  },
  direct_debit_exists: {
    fa: 'شما یک قرارداد پرداخت خودکار فعال دارید؛ برای قرارداد تازه نخست آن را لغو کنید',
    en: 'you already have an automatic payment contract; cancel it before signing a new one',
  },
  direct_debit_none: {
    fa: 'قرارداد پرداخت خودکار فعالی ندارید',
    en: 'you have no automatic payment contract in force',
  },
  // texts sent to the viewer (SMS, e-mail); {code} is inserted as written
  code_message: {
    fa: '{brand}\nکد تأیید شما: {code}\nاین کد تا ۲ دقیقه معتبر است. آن را به کسی ندهید.',
    en: '{brand}\nYour verification code: {code}\nIt is valid for 2 minutes. Do not share it.',
  },
  code_mail_subject: { fa: 'کد تأیید {brand}: {code}', en: '{brand} verification code: {code}' },
  direct_debit_notice_subject: {
    fa: '{brand}: پرداخت خودکار اشتراک',
    en: '{brand}: automatic subscription payment',
  },
  direct_debit_charged: {
    fa: '{brand}\nمبلغ {amount} برای تمدید اشتراک از حساب شما برداشت شد. اشتراک تا {until} تمدید شد.',
    en: '{brand}\n{amount} was taken from your account to renew your subscription, now valid until {until}.',
  },
  direct_debit_failed: {
    fa: '{brand}\nبرداشت {amount} برای تمدید اشتراک انجام نشد. دوباره تلاش می‌کنیم؛ می‌توانید اشتراک را خودتان هم بخرید.',
    en: '{brand}\nWe could not take {amount} to renew your subscription. We will try again; you can also renew it yourself.',
  },
  direct_debit_gave_up: {
    fa: '{brand}\nتمدید خودکار اشتراک پس از چند تلاش انجام نشد. برای ادامهٔ تماشا اشتراک را خودتان بخرید.',
    en: '{brand}\nYour subscription could not be renewed automatically after several tries. Renew it yourself to keep watching.',
  },
  // staff console (issue 17): roles, comments, inboxes
  role_granted: { fa: 'نقش داده شد', en: 'the role was granted' },
  role_revoked: { fa: 'نقش پس گرفته شد', en: 'the role was taken back' },
  role_not_held: { fa: 'این حساب چنین نقشی ندارد', en: 'this account does not hold that role' },
  last_admin: {
    fa: 'آخرین مدیر کل نمی‌تواند این نقش را از دست بدهد؛ اول به کس دیگری نقش مدیر کل بدهید',
    en: 'the last administrator cannot lose the role; make someone else an administrator first',
  },
  comments_decided: { fa: '{count} دیدگاه بررسی شد', en: '{count} comments were decided' },
  inbox_item_not_found: { fa: 'این مورد پیدا نشد', en: 'this item was not found' },
  inbox_item_updated: { fa: 'ذخیره شد', en: 'saved' },
  // staff console: catalogue
  slug_invalid: {
    fa: 'نامک فقط حروف کوچک لاتین، رقم و خط تیره میان آن‌ها می‌تواند داشته باشد',
    en: 'the slug may only have lower-case Latin letters and digits, with hyphens between them',
  },
  slug_taken: { fa: 'عنوان دیگری همین نامک را دارد', en: 'another title already has this slug' },
  country_invalid: {
    fa: 'کد دوحرفی کشور را وارد کنید (مانند IR)',
    en: 'enter the two-letter country code (such as IR)',
  },
  window_order: { fa: 'زمان پایان باید پس از زمان آغاز باشد', en: 'the end must come after the start' },
  price_both_currencies: {
    fa: 'قیمت را به هر دو ارز (ریال و دلار) وارد کنید',
    en: 'enter the price in both currencies (rials and dollars)',
  },
  seasons_only_series: { fa: 'فقط سریال فصل و قسمت دارد', en: 'only a series has seasons and episodes' },
  programme_only_festival: {
    fa: 'فقط جشنواره برنامهٔ فیلم دارد',
    en: 'only a festival has a programme of titles',
  },
  programme_unknown: {
    fa: 'عنوانی از برنامه پیدا نشد یا خودش جشنواره است',
    en: 'a title in the programme does not exist or is itself a festival',
  },
  numbers_repeat: { fa: 'شماره‌ها نباید تکراری باشند', en: 'numbers must not repeat' },
  kind_fixed: {
    fa: 'نوع عنوان پس از ساختن آن عوض نمی‌شود',
    en: 'the kind of a title cannot change once it is made',
  },
  title_created: { fa: 'عنوان ساخته شد', en: 'the title was created' },
  title_saved: { fa: 'تغییرات عنوان ذخیره شد', en: 'the title was saved' },
  artwork_saved: { fa: 'تصویر عنوان ذخیره شد', en: 'the artwork was saved' },
  artwork_unreadable: {
    fa: 'این پرونده تصویر خوانایی نیست؛ JPEG، PNG، WebP یا AVIF بفرستید',
    en: 'this file is not a readable picture; send a JPEG, PNG, WebP or AVIF',
  },
  upload_type_video: {
    fa: 'پروندهٔ ویدیو بفرستید (MP4، MOV، MKV، WebM یا TS)',
    en: 'send a video file (MP4, MOV, MKV, WebM or TS)',
  },
  upload_type_image: {
    fa: 'پروندهٔ تصویر بفرستید (JPEG، PNG، WebP یا AVIF)',
    en: 'send a picture (JPEG, PNG, WebP or AVIF)',
  },
  upload_empty: { fa: 'پرونده خالی است', en: 'the file is empty' },
  upload_too_large: {
    fa: 'پرونده بزرگ‌تر از {max} مگابایت است',
    en: 'the file is larger than {max} MB',
  },
  video_received: {
    fa: 'ویدیو دریافت شد و در پس‌زمینه بسته‌بندی می‌شود',
    en: 'the video was received and is being packaged in the background',
  },
  episode_not_in_title: {
    fa: 'این قسمت از این سریال نیست',
    en: 'this episode does not belong to this series',
  },
  cafe_session_scheduled: { fa: 'سانس کافه برنامه‌ریزی شد', en: 'the cafe session was scheduled' },
  cafe_session_saved: { fa: 'سانس کافه ذخیره شد', en: 'the cafe session was saved' },
  cafe_session_deleted: { fa: 'سانس کافه حذف شد', en: 'the cafe session was removed' },
  cafe_session_has_tickets: {
    fa: 'این سانس پیش‌تر رزرو شده است؛ کافهٔ آن عوض نمی‌شود و حذف نمی‌شود',
    en: 'this session has already been booked; its cafe cannot change and it cannot be removed',
  },
  seats_below_sold: {
    fa: 'تعداد صندلی‌ها نمی‌تواند کمتر از {count} صندلی فروخته یا رزروشده باشد',
    en: 'the seats cannot be fewer than the {count} sold or held',
  },
  seats_above_capacity: {
    fa: 'این کافه حداکثر {max} صندلی دارد',
    en: 'this cafe has at most {max} seats',
  },
  starts_in_past: { fa: 'زمان آغاز گذشته است', en: 'the start is in the past' },
  cafe_session_kind: {
    fa: 'جشنواره در کافه نمایش داده نمی‌شود؛ عنوان‌های آن را برنامه‌ریزی کنید',
    en: 'a festival is not shown at a cafe; schedule its titles instead',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalogue;

/**
 * A message before translation: its key and what it mentions. Numbers are written in the locale's
 * digits; strings (a code, a brand name) are inserted as they are.
 */
export interface Message {
  key: MessageKey;
  params?: Record<string, number | string>;
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(catalogue, value);
}

export function translate(message: Message | MessageKey, locale: Locale): string {
  const { key, params = {} } = typeof message === 'string' ? { key: message } : message;
  return catalogue[key][locale].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    return typeof value === 'number' ? localDigits(value, locale) : value;
  });
}
