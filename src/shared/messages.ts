import { localDigits } from '../lib/format';
import type { Locale } from '../lib/locale';

/**
 * Every message the API can answer with, in both languages. Validation and domain errors carry a key
 * (and parameters) and are translated once, at the HTTP boundary, into the request's language.
 */
/**
 * A message whose words follow a number: the form is picked by Intl.PluralRules for the value of the
 * parameter `count` names ("try again in 1 second", "in 2 seconds"). The same rule as the i18n files'
 * `key_one` beside `key` (i18next's naming); Persian nouns after a number stay singular, so only English
 * entries need it.
 */
interface PluralText {
  count: string;
  one: string;
  other: string;
}

const catalogue = {
  // validation
  required: { fa: 'وارد کردن این فیلد الزامی است', en: 'Entering this field is required.' },
  invalid_value: { fa: 'مقدار این فیلد معتبر نیست', en: 'The value of this field is not valid.' },
  invalid_format: { fa: 'قالب این فیلد درست نیست', en: 'The format of this field is not valid.' },
  control_characters: {
    fa: 'این فیلد نویسه‌های نامرئی غیرمجاز دارد',
    en: 'This field holds invisible characters that are not allowed.',
  },
  invalid_email: { fa: 'نشانی ایمیل معتبر نیست', en: 'The e-mail address is not valid.' },
  invalid_choice: { fa: 'یکی از گزینه‌های مجاز را انتخاب کنید', en: 'Choose one of the allowed options.' },
  invalid_number: { fa: 'یک عدد معتبر وارد کنید', en: 'Enter a valid number.' },
  too_short: {
    fa: 'این فیلد باید دست‌کم {min} نویسه باشد',
    en: {
      count: 'min',
      one: 'This field must be at least {min} character.',
      other: 'This field must be at least {min} characters.',
    },
  },
  too_long: {
    fa: 'این فیلد حداکثر {max} نویسه می‌تواند باشد',
    en: {
      count: 'max',
      one: 'This field can be at most {max} character.',
      other: 'This field can be at most {max} characters.',
    },
  },
  too_small: { fa: 'این مقدار باید دست‌کم {min} باشد', en: 'This value must be at least {min}.' },
  too_big: { fa: 'این مقدار حداکثر {max} می‌تواند باشد', en: 'This value can be at most {max}.' },
  phone_invalid: {
    fa: 'شماره تلفن همراه معتبر نیست',
    en: 'The phone number is not valid.',
  },
  captcha_invalid: {
    fa: 'کد امنیتی درست نیست یا منقضی شده است؛ کد تازه را وارد کنید',
    en: 'The security code is wrong or has expired; enter the new one.',
  },
  validation_failed: {
    fa: 'اطلاعات وارد شده کامل یا درست نیست',
    en: 'The information entered is incomplete or invalid.',
  },
  // HTTP-level outcomes
  bad_request: { fa: 'درخواست قابل پردازش نیست', en: 'The request could not be processed.' },
  unauthenticated: { fa: 'ابتدا وارد حساب کاربری خود شوید', en: 'Please log in first.' },
  forbidden: { fa: 'اجازه این کار را ندارید', en: 'You are not allowed to do this.' },
  not_found: { fa: 'پیدا نشد', en: 'Not found.' },
  route_not_found: { fa: 'چنین مسیری در API وجود ندارد', en: 'There is no such API path.' },
  conflict: {
    fa: 'این درخواست با وضعیت فعلی سازگار نیست',
    en: 'This request conflicts with the current state.',
  },
  rate_limited: {
    fa: 'تعداد درخواست‌ها بیش از حد مجاز است؛ {seconds} ثانیه دیگر دوباره تلاش کنید',
    en: {
      count: 'seconds',
      one: 'Too many requests; try again in {seconds} second.',
      other: 'Too many requests; try again in {seconds} seconds.',
    },
  },
  login_limited: {
    fa: 'رمز عبور بیش از حد اشتباه وارد شده است؛ {minutes} دقیقه دیگر دوباره تلاش کنید، یا «رمز عبور را فراموش کرده‌ام» را بزنید تا با کد یک‌بارمصرف وارد شوید',
    en: {
      count: 'minutes',
      one: 'Too many wrong passwords; try again in {minutes} minute, or choose "I forgot my password" to log in with a one-time code.',
      other:
        'Too many wrong passwords; try again in {minutes} minutes, or choose "I forgot my password" to log in with a one-time code.',
    },
  },
  internal: {
    fa: 'خطایی در سرور رخ داد؛ دوباره تلاش کنید',
    en: 'Something went wrong on the server; try again.',
  },
  method_not_allowed: {
    fa: 'این سرور درخواست با این روش را نمی‌پذیرد',
    en: 'This server does not accept requests with this method.',
  },
  too_large: { fa: 'حجم درخواست بیش از حد مجاز است', en: 'The request is too large.' },
  database_unavailable: {
    fa: 'سرویس چند لحظه در دسترس نیست؛ کمی بعد دوباره تلاش کنید',
    en: 'The service is unavailable for a moment; try again shortly.',
  },
  migrations_pending: {
    fa: 'پایگاه داده هنوز به نسخه این سرور به‌روز نشده است',
    en: 'The database has not been migrated to this server’s version yet.',
  },
  draining: { fa: 'این سرور در حال خاموش شدن است', en: 'This server is shutting down.' },
  // domain outcomes
  state_not_found: { fa: 'استان پیدا نشد', en: 'Province not found.' },
  avatar_not_found: { fa: 'آواتار پیدا نشد', en: 'Avatar not found.' },
  media_link_invalid: {
    fa: 'پیوند پخش معتبر نیست؛ صفحه را دوباره باز کنید',
    en: 'The playback link is not valid; open the page again.',
  },
  media_link_expired: {
    fa: 'پیوند پخش منقضی شده است؛ صفحه را دوباره باز کنید',
    en: 'The playback link has expired; open the page again.',
  },
  media_key_refused: {
    fa: 'اجازهٔ پخش این محتوا را ندارید',
    en: 'You are not allowed to play this title.',
  },
  contact_received: {
    fa: 'پیام شما دریافت شد؛ همکاران ما به‌زودی پاسخ می‌دهند',
    en: 'Your message has been received; our team will reply soon.',
  },
  // accounts
  user_name_invalid: {
    fa: 'شماره موبایل یا نشانی ایمیل معتبر وارد کنید',
    en: 'Enter a valid mobile number or e-mail address.',
  },
  code_format: { fa: 'کد تأیید باید ۶ رقم باشد', en: 'The verification code must be 6 digits.' },
  code_invalid: { fa: 'کد تأیید درست نیست', en: 'The verification code is not correct.' },
  code_expired: {
    fa: 'کد تأیید منقضی شده است؛ کد تازه بگیرید',
    en: 'The verification code has expired; ask for a new one.',
  },
  code_too_many_tries: {
    fa: 'برای این کد بیش از حد تلاش شده است؛ کد تازه بگیرید',
    en: 'Too many tries for this code; ask for a new one.',
  },
  code_send_failed: {
    fa: 'ارسال کد تأیید ممکن نشد؛ کمی بعد دوباره تلاش کنید',
    en: 'The verification code could not be sent; try again shortly.',
  },
  login_expired: {
    fa: 'مهلت این ورود به پایان رسیده است؛ از ابتدا شروع کنید',
    en: 'This login has expired; please start again.',
  },
  password_wrong: {
    fa: 'نام کاربری یا رمز عبور درست نیست',
    en: 'The user name or password is not correct.',
  },
  password_required: { fa: 'رمز عبور را وارد کنید', en: 'Enter your password.' },
  password_mismatch: {
    fa: 'رمز عبور و تکرار آن یکسان نیستند',
    en: 'The password and its confirmation do not match.',
  },
  terms_not_accepted: {
    fa: 'برای ادامه باید قوانین و مقررات را بپذیرید',
    en: 'You must accept the terms and conditions to continue.',
  },
  account_exists: {
    fa: 'حسابی با این نام کاربری از قبل وجود دارد',
    en: 'An account with this user name already exists.',
  },
  email_taken: {
    fa: 'این نشانی ایمیل برای حساب دیگری ثبت شده است',
    en: 'This e-mail address belongs to another account.',
  },
  too_many_sessions: {
    fa: 'نمی‌توانید بیش از ۳ دستگاه فعال داشته باشید',
    en: 'You cannot have more than 3 active devices.',
  },
  session_not_found: { fa: 'این دستگاه پیدا نشد', en: 'Device not found.' },
  cross_login_invalid: {
    fa: 'کد ورود درست نیست یا منقضی شده است',
    en: 'The login code is wrong or has expired.',
  },
  logged_out: { fa: 'از حساب کاربری خود خارج شدید', en: 'You have logged out.' },
  account_deleted: { fa: 'حساب کاربری شما حذف شد', en: 'Your account has been deleted.' },
  profile_not_found: { fa: 'پروفایل پیدا نشد', en: 'Profile not found.' },
  profiles_limit: {
    fa: 'جز پروفایل خودتان حداکثر ۲ پروفایل دیگر می‌توانید بسازید',
    en: 'You can add at most two profiles besides your own.',
  },
  main_profile_locked: {
    fa: 'پروفایل اصلی حذف‌شدنی نیست',
    en: 'The main profile cannot be deleted.',
  },
  avatar_invalid: {
    fa: 'تصویر باید از نوع JPEG، PNG، WebP یا GIF باشد',
    en: 'The picture must be a JPEG, PNG, WebP or GIF image.',
  },
  avatar_too_large: {
    fa: 'حجم تصویر حداکثر ۲ مگابایت می‌تواند باشد',
    en: 'The picture can be at most 2 MB.',
  },
  // favorites, reactions, comments
  profile_required: {
    fa: 'ابتدا پروفایل خود را انتخاب کنید',
    en: 'Choose a profile first.',
  },
  product_not_found: { fa: 'این عنوان پیدا نشد', en: 'Title not found.' },
  favorite_added: { fa: 'به فهرست علاقه‌مندی‌ها افزوده شد', en: 'Added to your favorites.' },
  favorite_removed: { fa: 'از فهرست علاقه‌مندی‌ها حذف شد', en: 'Removed from your favorites.' },
  comment_not_found: { fa: 'دیدگاه پیدا نشد', en: 'Comment not found.' },
  comment_pending: {
    fa: 'دیدگاه شما پس از تأیید منتشر خواهد شد',
    en: 'Your comment will be published after approval.',
  },
  comment_approved: { fa: 'دیدگاه تأیید و منتشر شد', en: 'The comment was approved and published.' },
  comment_rejected: { fa: 'دیدگاه رد شد', en: 'The comment was rejected.' },
  // playback (issue 5)
  not_in_region: {
    fa: 'این محتوا در منطقه شما در دسترس نیست',
    en: 'Item not available in your region.',
  },
  not_available_now: { fa: 'این محتوا در حال حاضر در دسترس نیست', en: 'Not available at this time.' },
  screening_ended: { fa: 'این اکران به پایان رسیده است', en: 'Screening has ended.' },
  screening_not_started: {
    fa: 'اکران هنوز آغاز نشده است',
    en: 'The screening has not started yet.',
  },
  needs_access: {
    fa: 'برای تماشای این محتوا اشتراک تهیه کنید یا آن را بخرید',
    en: 'Get a subscription or buy this title to watch it.',
  },
  needs_subscription: {
    fa: 'برای تماشای این محتوا اشتراک تهیه کنید',
    en: 'Get a subscription to watch this title.',
  },
  needs_purchase: { fa: 'برای تماشای این محتوا آن را بخرید', en: 'Buy this title to watch it.' },
  needs_ticket: { fa: 'برای تماشای این اکران بلیت بخرید', en: 'Buy a ticket to watch this screening.' },
  needs_pass: {
    fa: 'برای تماشای این محتوا بلیت جشنواره را بخرید',
    en: 'Buy the festival pass to watch this title.',
  },
  plans_not_available: {
    fa: 'طرحی برای خرید این فیلم در دسترس نیست',
    en: 'Plans not available for this movie.',
  },
  no_video_yet: {
    fa: 'ویدئوی این عنوان هنوز آماده نیست؛ تا آن زمان فروخته نمی‌شود',
    en: 'This title has no video yet and is not on sale until it does.',
  },
  ticket_invalid: { fa: 'کد بلیت معتبر نیست', en: 'The ticket code is not valid.' },
  ticket_used: {
    fa: 'این بلیت پیش‌تر در حساب دیگری استفاده شده است',
    en: 'This ticket has already been used by another account.',
  },
  ticket_expired: { fa: 'مهلت استفاده از این بلیت به پایان رسیده است', en: 'This ticket has expired.' },
  ticket_wrong_network: {
    fa: 'این بلیت روی شبکه دیگری فعال شده است؛ هر بلیت اکران آنلاین فقط روی یک شبکه کار می‌کند',
    en: 'This ticket is in use on another network; a live ticket works on one network only.',
  },
  episode_not_found: { fa: 'این قسمت پیدا نشد', en: 'Episode not found.' },
  user_not_found: { fa: 'کاربری با این نام کاربری پیدا نشد', en: 'No account has this user name.' },
  player_report_received: {
    fa: 'گزارش شما دریافت شد؛ از همراهی‌تان سپاسگزاریم',
    en: 'Thank you, your report has been received.',
  },
  grant_created: { fa: 'دسترسی ثبت شد', en: 'Access granted.' },
  // commerce
  already_owned: {
    fa: 'شما هم‌اکنون به این مورد دسترسی دارید',
    en: 'You already have access to this.',
  },
  package_not_found: { fa: 'این بستهٔ اشتراک پیدا نشد', en: 'Subscription package not found.' },
  item_required: { fa: 'موردی که می‌خرید را انتخاب کنید', en: 'Choose what to buy.' },
  amount_required: { fa: 'مبلغ شارژ را وارد کنید', en: 'Enter the amount to add.' },
  not_for_this_type: {
    fa: 'این فیلد برای این نوع پرداخت نیست',
    en: 'This field does not apply to this payment.',
  },
  // gifts (issue 14)
  gift_invalid: { fa: 'کد هدیه معتبر نیست', en: 'The gift code is not valid.' },
  gift_used: { fa: 'این کد هدیه پیش‌تر استفاده شده است', en: 'This gift code has already been used.' },
  gift_already_redeemed: {
    fa: 'شما این کد هدیه را پیش‌تر استفاده کرده‌اید',
    en: 'You have already used this gift code.',
  },
  gift_expired: { fa: 'مهلت استفاده از این کد هدیه گذشته است', en: 'This gift code has expired.' },
  gift_applied: {
    fa: 'هدیه به حساب شما افزوده شد: {months} ماه اشتراک، تا {date}',
    en: {
      count: 'months',
      one: 'The gift was added to your account: {months} month of subscription, until {date}.',
      other: 'The gift was added to your account: {months} months of subscription, until {date}.',
    },
  },
  gift_campaign_none: {
    fa: 'اکنون هدیه‌ای برای درخواست وجود ندارد',
    en: 'There is no gift to ask for at the moment.',
  },
  gift_already_requested: {
    fa: 'هدیهٔ این دوره پیش‌تر برای این حساب یا این شماره فرستاده شده است',
    en: 'This season’s gift has already been sent for this account or this number.',
  },
  gift_sent: {
    fa: 'کد هدیه به {to} فرستاده شد',
    en: 'The gift code was sent to {to}.',
  },
  gift_recipient_required: {
    fa: 'شماره همراه یا ایمیل گیرندهٔ هدیه را وارد کنید',
    en: 'Enter the mobile number or e-mail of the person the gift is for.',
  },
  gift_subject: { fa: '{brand}: هدیه برای شما', en: '{brand}: a gift for you' },
  gift_request_message: {
    fa: '{brand}\n{title}: {months} ماه اشتراک هدیه.\nکد هدیه: {code}\nدر {link} وارد کنید.',
    en: {
      count: 'months',
      one: '{brand}\n{title}: {months} month of subscription, our gift.\nGift code: {code}\nEnter it at {link}',
      other:
        '{brand}\n{title}: {months} months of subscription, our gift.\nGift code: {code}\nEnter it at {link}',
    },
  },
  gift_card_message: {
    fa: '{brand}\n{sender} برای شما {months} ماه اشتراک هدیه خریده است.\n{note}کد هدیه: {code}\nدر {link} وارد کنید.',
    en: {
      count: 'months',
      one: '{brand}\n{sender} has given you {months} month of subscription.\n{note}Gift code: {code}\nEnter it at {link}',
      other:
        '{brand}\n{sender} has given you {months} months of subscription.\n{note}Gift code: {code}\nEnter it at {link}',
    },
  },
  // shop
  shop_product_not_found: { fa: 'این کالا پیدا نشد', en: 'Product not found.' },
  variant_required: { fa: 'گونهٔ کالا را انتخاب کنید', en: 'Choose a variant.' },
  out_of_stock: { fa: 'این کالا موجود نیست', en: 'This item is out of stock.' },
  only_left: {
    fa: 'از این کالا فقط {count} عدد موجود است',
    en: {
      count: 'count',
      one: 'Only {count} of this item is left.',
      other: 'Only {count} of this item are left.',
    },
  },
  // cafes (issue 14)
  cafe_not_found: { fa: 'این کافه پیدا نشد', en: 'This cafe was not found.' },
  cafe_session_not_found: { fa: 'این سانس پیدا نشد', en: 'This session was not found.' },
  cafe_session_started: {
    fa: 'این سانس شروع شده است و بلیت آن دیگر فروخته نمی‌شود',
    en: 'This session has started; its seats are no longer sold.',
  },
  cafe_session_sold_out: { fa: 'صندلی‌های این سانس تمام شده است', en: 'This session is sold out.' },
  seats_left: {
    fa: 'از این سانس فقط {count} صندلی مانده است',
    en: {
      count: 'count',
      one: 'Only {count} seat is left in this session.',
      other: 'Only {count} seats are left in this session.',
    },
  },
  seats_required: { fa: 'تعداد صندلی‌ها را وارد کنید', en: 'Enter the number of seats.' },
  cafe_seat_taken: {
    fa: 'صندلی‌ای که انتخاب کردید را خریدار دیگری گرفته است؛ صندلی دیگری انتخاب کنید',
    en: 'Another buyer has taken a seat you chose; choose another seat.',
  },
  cafe_places_required: { fa: 'صندلی‌ها را روی نقشه انتخاب کنید', en: 'Choose your seats on the map.' },
  cafe_places_count: {
    fa: 'تعداد صندلی‌های انتخاب‌شده با تعداد صندلی‌ها برابر نیست',
    en: 'The seats chosen do not match the number of seats.',
  },
  cafe_place_unknown: {
    fa: 'این صندلی در نقشهٔ این سانس نیست',
    en: 'This seat is not on the session’s map.',
  },
  cafe_places_unnumbered: {
    fa: 'صندلی‌های این سانس شماره ندارند؛ فقط تعداد را انتخاب کنید',
    en: 'This session’s seats are not numbered; choose only how many.',
  },
  cafe_seat_map_not_found: {
    fa: 'این سانس نقشهٔ صندلی ندارد',
    en: 'This session has no seat map.',
  },
  not_cafe_staff: {
    fa: 'این صفحه برای کارکنان کافه است',
    en: 'This page is for cafe staff.',
  },
  check_in_ok: { fa: 'معتبر برای این سانس؛ خوش آمدید', en: 'Valid for this session; welcome.' },
  check_in_already_used: { fa: 'این بلیت پیش‌تر استفاده شده است', en: 'This ticket has already been used.' },
  check_in_other_cafe: { fa: 'این بلیت برای کافهٔ دیگری است', en: 'This ticket is for another cafe.' },
  check_in_other_session: {
    fa: 'این بلیت برای سانس دیگری است',
    en: 'This ticket is for another session.',
  },
  check_in_expired: { fa: 'سانس این بلیت تمام شده است', en: 'This ticket’s session is over.' },
  check_in_refunded: {
    fa: 'این بلیت بازپرداخت شده و دیگر معتبر نیست',
    en: 'This ticket was refunded and is no longer valid.',
  },
  cart_item_not_found: { fa: 'این قلم در سبد خرید نیست', en: 'This item is not in the cart.' },
  cart_empty: { fa: 'سبد خرید خالی است', en: 'The cart is empty.' },
  postal_code_invalid: { fa: 'کد پستی باید ده رقم باشد', en: 'The postal code must be ten digits.' },
  tel_invalid: {
    fa: 'شماره تلفن را با کد شهر یا به شکل ۰۹۱۲… وارد کنید',
    en: 'Enter the phone number with its area code, or a mobile as 0912….',
  },
  city_not_in_state: {
    fa: 'این شهر در استان انتخاب‌شده نیست',
    en: 'This city is not in the chosen province.',
  },
  address_not_found: { fa: 'این نشانی پیدا نشد', en: 'Address not found.' },
  address_required: { fa: 'نشانی تحویل را انتخاب کنید', en: 'Choose a delivery address.' },
  delivery_required: { fa: 'روش ارسال را انتخاب کنید', en: 'Choose a delivery method.' },
  delivery_unavailable: {
    fa: 'این روش ارسال به این نشانی نمی‌رسد',
    en: 'This delivery method does not reach this address.',
  },
  order_not_found: { fa: 'این سفارش پیدا نشد', en: 'Order not found.' },
  order_status_refused: {
    fa: 'وضعیت این سفارش دیگر این تغییر را نمی‌پذیرد',
    en: 'This order can no longer be moved to that status.',
  },
  order_canceled: {
    fa: 'سفارش لغو شد و مبلغ آن به کیف پول شما برگشت',
    en: 'The order was canceled and its amount returned to your wallet.',
  },
  // staff console: shop orders, goods and viewers (issue 17)
  order_cancel_only: { fa: 'فقط می‌توانید سفارش خود را لغو کنید', en: 'You can only cancel your order.' },
  tracking_required: {
    fa: 'برای ارسال، کد رهگیری (۴ تا ۴۰ حرف لاتین، رقم یا خط تیره) لازم است',
    en: 'Sending needs a tracking number (4 to 40 Latin letters, digits or dashes).',
  },
  order_moved: { fa: 'وضعیت سفارش تغییر کرد', en: 'The order’s status was changed.' },
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
  shop_variant_not_found: { fa: 'این گونهٔ کالا پیدا نشد', en: 'This variant was not found.' },
  stock_below_reserved: {
    fa: 'موجودی نمی‌تواند کمتر از {reserved} عددی باشد که پرداخت‌های در جریان نگه داشته‌اند',
    en: 'The stock cannot be below the {reserved} held by payments in progress.',
  },
  stock_changed: {
    fa: 'موجودی در این فاصله تغییر کرد و اکنون {stock} است؛ دوباره بررسی و ذخیره کنید',
    en: 'The stock changed meanwhile and is now {stock}; check it and save again.',
  },
  shop_slug_taken: {
    fa: 'این نشانی کالا پیش‌تر به کار رفته است',
    en: 'Another product already has this slug.',
  },
  goods_saved: { fa: 'کالا ذخیره شد', en: 'The product was saved.' },
  account_blocked: {
    fa: 'این حساب کاربری مسدود شده است؛ برای پیگیری با پشتیبانی تماس بگیرید',
    en: 'This account has been blocked; please contact support.',
  },
  viewer_not_found: { fa: 'این حساب کاربری پیدا نشد', en: 'Account not found.' },
  block_self_refused: {
    fa: 'نمی‌توانید حساب خودتان را مسدود کنید',
    en: 'You cannot block your own account.',
  },
  block_staff_refused: {
    fa: 'فقط مدیر کل می‌تواند حساب یک کارمند را مسدود کند',
    en: 'Only an admin can block a staff account.',
  },
  viewer_blocked: {
    fa: 'حساب مسدود شد و همهٔ نشست‌هایش بسته شد',
    en: 'The account was blocked and all its sessions ended.',
  },
  viewer_unblocked: { fa: 'حساب از انسداد درآمد', en: 'The account was unblocked.' },
  viewer_sessions_ended: { fa: 'نشست پایان یافت', en: 'The session was ended.' },
  discount_unknown: { fa: 'این کد تخفیف وجود ندارد', en: 'This discount code does not exist.' },
  discount_expired: { fa: 'مهلت این کد تخفیف تمام شده است', en: 'This discount code has expired.' },
  discount_not_started: {
    fa: 'این کد تخفیف هنوز فعال نشده است',
    en: 'This discount code is not active yet.',
  },
  discount_used_up: {
    fa: 'ظرفیت استفاده از این کد تخفیف تمام شده است',
    en: 'This discount code has been used up.',
  },
  discount_already_used: {
    fa: 'شما پیش‌تر از این کد تخفیف استفاده کرده‌اید',
    en: 'You have already used this discount code.',
  },
  discount_not_for_item: {
    fa: 'این کد تخفیف برای این خرید نیست',
    en: 'This discount code does not apply to this purchase.',
  },
  discount_wrong_currency: {
    fa: 'این کد تخفیف برای این واحد پول نیست',
    en: 'This discount code does not apply in this currency.',
  },
  // staff console: payments, refunds and discount codes (issue 17)
  refund_not_allowed: {
    fa: 'این پرداخت بازپرداخت‌شدنی نیست: فقط خرید تحویل‌شدهٔ اشتراک، فیلم، بلیت یا صندلی کافه؛ سفارش فروشگاه با لغو آن',
    en: 'This payment cannot be refunded: only a delivered subscription, title, ticket or cafe seat; a shop order by cancelling it.',
  },
  refund_changed: {
    fa: 'در این فاصله بازپرداخت دیگری برای این پرداخت ثبت شد؛ صفحه را تازه کنید و دوباره بررسی کنید',
    en: 'Another refund of this payment was made meanwhile; reload and check again.',
  },
  refund_reversal_waiting: {
    fa: 'بازگشت این پرداخت به کارت منتظر پاسخ درگاه است؛ پس از پاسخ آن دوباره تلاش کنید',
    en: 'A reversal of this payment to the card is waiting for the gateway; try again once it answers.',
  },
  refund_too_big: {
    fa: 'مبلغ بازپرداخت بیش از مانده‌ای است که می‌توان بازگرداند',
    en: 'The refund is more than what is left to refund.',
  },
  refund_not_reversible: {
    fa: 'درگاه این پرداخت نمی‌تواند آن را به کارت بازگرداند؛ به کیف پول بازپرداخت کنید',
    en: 'This payment’s gateway cannot return it to the card; refund it to the wallet.',
  },
  refund_cafe_whole: {
    fa: 'بلیت کافه فقط یک‌جا بازپرداخت می‌شود: همهٔ مبلغ، با باطل شدن همهٔ صندلی‌های آن',
    en: 'A cafe ticket is refunded whole: the full amount, voiding all of its seats.',
  },
  refund_cafe_checked_in: {
    fa: 'صندلی‌ای از این خرید پیش‌تر در کافه استفاده شده است؛ این خرید بازپرداخت‌شدنی نیست',
    en: 'A seat of this purchase was already used at the cafe; it cannot be refunded.',
  },
  refund_done: { fa: 'مبلغ به کیف پول بیننده بازگشت', en: 'The amount was returned to the viewer’s wallet.' },
  reversal_done: {
    fa: 'درگاه مبلغ را به کارت بازگرداند',
    en: 'The gateway returned the amount to the card.',
  },
  reversal_refused: {
    fa: 'درگاه بازگشت به کارت را نپذیرفت (مهلتش گذشته یا تسویه شده است)؛ به کیف پول بازپرداخت کنید',
    en: 'The gateway refused to return it to the card (too late or already settled); refund it to the wallet.',
  },
  reversal_waiting: {
    fa: 'درگاه پاسخ نداد؛ درخواست بازگشت ثبت شد، کمی بعد دوباره بپرسید',
    en: 'The gateway did not answer; the reversal is recorded, ask again in a moment.',
  },
  discount_code_taken: { fa: 'این کد تخفیف پیش‌تر ساخته شده است', en: 'This discount code already exists.' },
  discount_amount_required: {
    fa: 'مبلغ تخفیف را دست‌کم برای یک واحد پول وارد کنید',
    en: 'Enter the discount amount for at least one currency.',
  },
  discount_window_invalid: {
    fa: 'پایان اعتبار باید پس از آغاز آن باشد',
    en: 'The end of the validity must come after its start.',
  },
  discount_unknown_product: {
    fa: 'یکی از شناسه‌های عنوان وجود ندارد',
    en: 'One of the title ids does not exist.',
  },
  discount_limit_below_uses: {
    fa: 'این کد {used} بار استفاده شده است؛ سقف نمی‌تواند کمتر از آن باشد',
    en: {
      count: 'used',
      one: 'This code has been used {used} time; the limit cannot be lower.',
      other: 'This code has been used {used} times; the limit cannot be lower.',
    },
  },
  gift_plan_unknown: { fa: 'چنین بستهٔ اشتراکی وجود ندارد', en: 'There is no such subscription package.' },
  gift_slug_taken: { fa: 'کمپینی با این نامک هست', en: 'A campaign with this slug exists.' },
  gift_campaign_over: {
    fa: 'این کمپین تمام شده است؛ کد تازه‌ای نمی‌توان برایش ساخت',
    en: 'This campaign has ended; no new code can be made for it.',
  },
  wallet_insufficient: {
    fa: 'موجودی کیف پول برای این پرداخت کافی نیست',
    en: 'Your wallet does not hold enough for this payment.',
  },
  gateway_unavailable: {
    fa: 'این درگاه برای این واحد پول در دسترس نیست',
    en: 'This gateway is not available for this currency.',
  },
  gateway_failed: {
    fa: 'درگاه پرداخت پاسخ نداد؛ دوباره تلاش کنید یا درگاه دیگری را برگزینید',
    en: 'The payment gateway did not answer; try again or choose another gateway.',
  },
  payment_declined: {
    fa: 'بانک کارت شما را نپذیرفت؛ پولی از حساب شما کم نشده است. با کارت دیگری یا درگاه دیگری دوباره تلاش کنید',
    en: 'Your card was declined by the bank; no money was taken. Try again with another card or gateway.',
  },
  payment_cancelled: {
    fa: 'پرداخت لغو شد یا بانک آن را نپذیرفت؛ پولی از حساب شما کم نشده است',
    en: 'The payment was cancelled or declined by the bank; no money was taken.',
  },
  payment_amount_mismatch: {
    fa: 'مبلغ پرداخت‌شده با مبلغ سفارش یکی نبود؛ بانک پول را به کارت شما برمی‌گرداند',
    en: 'The amount paid did not match the order; the bank returns it to your card.',
  },
  payment_expired: {
    fa: 'مهلت پرداخت به پایان رسید؛ اگر پولی کم شده باشد بانک آن را برمی‌گرداند',
    en: 'The payment timed out; if any money was taken the bank returns it.',
  },
  payment_credited_owned: {
    fa: 'شما پیش‌تر به این مورد دسترسی داشتید؛ مبلغ {amount} به کیف پول شما برگشت',
    en: 'You already had access to this; {amount} was credited to your wallet.',
  },
  payment_credited_withdrawn: {
    fa: 'این مورد دیگر فروخته نمی‌شود؛ مبلغ {amount} به کیف پول شما برگشت',
    en: 'This is no longer on sale; {amount} was credited to your wallet.',
  },
  payment_reversed_owned: {
    fa: 'شما پیش‌تر به این مورد دسترسی داشتید؛ پرداخت {amount} برگشت داده شد و بانک آن را به کارت شما برمی‌گرداند',
    en: 'You already had access to this; your payment of {amount} was reversed and the bank returns it to your card.',
  },
  payment_reversed_withdrawn: {
    fa: 'این مورد دیگر فروخته نمی‌شود؛ پرداخت {amount} برگشت داده شد و بانک آن را به کارت شما برمی‌گرداند',
    en: 'This is no longer on sale; your payment of {amount} was reversed and the bank returns it to your card.',
  },
  payment_lapsed: {
    fa: 'تأیید پرداخت دیر به بانک رسید و بانک پول را برگرداند؛ تا ۷۲ ساعت به کارت شما برمی‌گردد',
    en: 'The bank did not hear our confirmation in time and gave the money back; it returns to your card within 72 hours.',
  },
  payment_reference_reused: {
    fa: 'این رسید بانکی پیش‌تر برای پرداخت دیگری به کار رفته است',
    en: 'This bank receipt was already used for another payment.',
  },
  direct_debit_unavailable: {
    fa: 'پرداخت خودکار ماهانه در این سرویس فعال نیست',
    en: 'Automatic monthly payment is not available here.',
  },
  direct_debit_phone_required: {
    fa: 'برای پرداخت خودکار، شمارهٔ همراه ایرانی که نزد بانک شما ثبت شده است را به حساب خود بیفزایید',
    en: 'To pay automatically, add to your account the Iranian mobile number your bank has on record.',
  },
  direct_debit_exists: {
    fa: 'شما یک قرارداد پرداخت خودکار فعال دارید؛ برای قرارداد تازه نخست آن را لغو کنید',
    en: 'You already have an automatic payment contract; cancel it before signing a new one.',
  },
  direct_debit_none: {
    fa: 'قرارداد پرداخت خودکار فعالی ندارید',
    en: 'You have no automatic payment contract in force.',
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
  role_granted: { fa: 'نقش داده شد', en: 'The role was granted.' },
  role_revoked: { fa: 'نقش پس گرفته شد', en: 'The role was taken back.' },
  role_not_held: { fa: 'این حساب چنین نقشی ندارد', en: 'This account does not hold that role.' },
  last_admin: {
    fa: 'آخرین مدیر کل نمی‌تواند این نقش را از دست بدهد؛ اول به کس دیگری نقش مدیر کل بدهید',
    en: 'The last administrator cannot lose the role; make someone else an administrator first.',
  },
  comments_decided: {
    fa: '{count} دیدگاه بررسی شد',
    en: { count: 'count', one: '{count} comment was decided.', other: '{count} comments were decided.' },
  },
  inbox_item_not_found: { fa: 'این مورد پیدا نشد', en: 'This item was not found.' },
  inbox_item_updated: { fa: 'ذخیره شد', en: 'Saved.' },
  // staff console: catalogue
  slug_invalid: {
    fa: 'نامک فقط حروف کوچک لاتین، رقم و خط تیره میان آن‌ها می‌تواند داشته باشد',
    en: 'The slug may only have lower-case Latin letters and digits, with hyphens between them.',
  },
  slug_taken: { fa: 'عنوان دیگری همین نامک را دارد', en: 'Another title already has this slug.' },
  country_invalid: {
    fa: 'کد دوحرفی کشور را وارد کنید (مانند IR)',
    en: 'Enter the two-letter country code (such as IR).',
  },
  window_order: { fa: 'زمان پایان باید پس از زمان آغاز باشد', en: 'The end must come after the start.' },
  price_both_currencies: {
    fa: 'قیمت را به هر دو ارز (ریال و دلار) وارد کنید',
    en: 'Enter the price in both currencies (rials and dollars).',
  },
  seasons_only_series: { fa: 'فقط سریال فصل و قسمت دارد', en: 'Only a series has seasons and episodes.' },
  programme_only_festival: {
    fa: 'فقط جشنواره برنامهٔ فیلم دارد',
    en: 'Only a festival has a programme of titles.',
  },
  programme_unknown: {
    fa: 'عنوانی از برنامه پیدا نشد یا خودش جشنواره است',
    en: 'A title in the programme does not exist or is itself a festival.',
  },
  numbers_repeat: { fa: 'شماره‌ها نباید تکراری باشند', en: 'Numbers must not repeat.' },
  kind_fixed: {
    fa: 'نوع عنوان پس از ساختن آن عوض نمی‌شود',
    en: 'The kind of a title cannot change once it is made.',
  },
  title_created: { fa: 'عنوان ساخته شد', en: 'The title was created.' },
  title_saved: { fa: 'تغییرات عنوان ذخیره شد', en: 'The title was saved.' },
  artwork_saved: { fa: 'تصویر عنوان ذخیره شد', en: 'The artwork was saved.' },
  artwork_unreadable: {
    fa: 'این پرونده تصویر خوانایی نیست؛ JPEG، PNG، WebP یا AVIF بفرستید',
    en: 'This file is not a readable picture; send a JPEG, PNG, WebP or AVIF.',
  },
  upload_type_video: {
    fa: 'پروندهٔ ویدیو بفرستید (MP4، MOV، MKV، WebM یا TS)',
    en: 'Send a video file (MP4, MOV, MKV, WebM or TS).',
  },
  upload_type_image: {
    fa: 'پروندهٔ تصویر بفرستید (JPEG، PNG، WebP یا AVIF)',
    en: 'Send a picture (JPEG, PNG, WebP or AVIF).',
  },
  upload_empty: { fa: 'پرونده خالی است', en: 'The file is empty.' },
  upload_too_large: {
    fa: 'پرونده بزرگ‌تر از {max} مگابایت است',
    en: 'The file is larger than {max} MB.',
  },
  video_received: {
    fa: 'ویدیو دریافت شد و در پس‌زمینه بسته‌بندی می‌شود',
    en: 'The video was received and is being packaged in the background.',
  },
  episode_not_in_title: {
    fa: 'این قسمت از این سریال نیست',
    en: 'This episode does not belong to this series.',
  },
  cafe_session_scheduled: { fa: 'سانس کافه برنامه‌ریزی شد', en: 'The cafe session was scheduled.' },
  cafe_session_saved: { fa: 'سانس کافه ذخیره شد', en: 'The cafe session was saved.' },
  cafe_session_deleted: { fa: 'سانس کافه حذف شد', en: 'The cafe session was removed.' },
  cafe_session_has_tickets: {
    fa: 'این سانس پیش‌تر رزرو شده است؛ کافهٔ آن عوض نمی‌شود و حذف نمی‌شود',
    en: 'This session has already been booked; its cafe cannot change and it cannot be removed.',
  },
  seats_below_sold: {
    fa: 'تعداد صندلی‌ها نمی‌تواند کمتر از {count} صندلی فروخته یا رزروشده باشد',
    en: 'The seats cannot be fewer than the {count} sold or held.',
  },
  seats_above_capacity: {
    fa: 'این کافه حداکثر {max} صندلی دارد',
    en: 'This cafe has at most {max} seats.',
  },
  starts_in_past: { fa: 'زمان آغاز گذشته است', en: 'The start is in the past.' },
  cafe_session_kind: {
    fa: 'جشنواره در کافه نمایش داده نمی‌شود؛ عنوان‌های آن را برنامه‌ریزی کنید',
    en: 'A festival is not shown at a cafe; schedule its titles instead.',
  },
} as const satisfies Record<string, Record<Locale, string | PluralText>>;

export type MessageKey = keyof typeof catalogue;

/** Every key of the catalogue (the wording test reads each message in both languages). */
export const messageKeys = Object.keys(catalogue) as MessageKey[];

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

function pluralForm(text: PluralText, params: Record<string, number | string>, locale: Locale): string {
  const value = params[text.count];
  if (typeof value !== 'number') return text.other;
  return new Intl.PluralRules(locale).select(value) === 'one' ? text.one : text.other;
}

export function translate(message: Message | MessageKey, locale: Locale): string {
  const { key, params = {} } = typeof message === 'string' ? { key: message } : message;
  const text: string | PluralText = catalogue[key][locale];
  const chosen = typeof text === 'string' ? text : pluralForm(text, params, locale);
  return chosen.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    return typeof value === 'number' ? localDigits(value, locale) : value;
  });
}
