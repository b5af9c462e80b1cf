import type { Localized } from '../../../shared/localized';

export interface NewsTexts {
  title: string;
  summary: string;
  /** Paragraphs separated by a blank line. */
  body: string;
}

export interface NewsSeed {
  slug: string;
  publishedAt: string;
  texts: Localized<NewsTexts>;
}

/** Oldest first; the list endpoint sorts newest first. Each slug has /images/news/<slug>.svg. */
export const NEWS_ITEMS: NewsSeed[] = [
  {
    slug: 'oq-launches',
    publishedAt: '2025-01-20',
    texts: {
      ru: {
        title: 'Oq запускается в Узбекистане',
        summary: 'Новый цифровой оператор: номер, тариф и подключение онлайн.',
        body: 'Oq — цифровой мобильный оператор, с которым всё делается онлайн: выбор номера, сборка тарифа, идентификация и оплата.\n\nПервые абоненты уже пользуются связью в Ташкенте, Самарканде и Бухаре, а до конца года сеть пунктов продаж охватит все регионы.',
      },
      en: {
        title: 'Oq launches in Uzbekistan',
        summary: 'A new digital operator: number, tariff and activation online.',
        body: 'Oq is a digital mobile operator where everything happens online: choosing a number, building a tariff, identification and payment.\n\nThe first subscribers are already connected in Tashkent, Samarkand and Bukhara, and by the end of the year our points of sale will cover every region.',
      },
      uz: {
        title: 'Oq Oʻzbekistonda ishga tushdi',
        summary: 'Yangi raqamli operator: raqam, tarif va ulanish onlayn.',
        body: 'Oq — hamma narsa onlayn amalga oshadigan raqamli mobil operator: raqam tanlash, tarif yigʻish, identifikatsiya va toʻlov.\n\nIlk abonentlar Toshkent, Samarqand va Buxoroda aloqadan foydalanmoqda, yil oxirigacha savdo nuqtalarimiz barcha viloyatlarni qamrab oladi.',
      },
    },
  },
  {
    slug: 'esim-in-minutes',
    publishedAt: '2025-02-04',
    texts: {
      ru: {
        title: 'eSIM за несколько минут',
        summary: 'QR-код приходит на e-mail сразу после оплаты.',
        body: 'Оформите eSIM на сайте: выберите номер, пройдите удалённую идентификацию и оплатите заказ. QR-код придёт на указанный e-mail сразу, без перезагрузки страницы.\n\neSIM работает на большинстве современных смартфонов; список моделей есть в разделе помощи.',
      },
      en: {
        title: 'eSIM in a few minutes',
        summary: 'The QR code arrives by e-mail right after payment.',
        body: 'Order an eSIM on the site: pick a number, pass remote identification and pay. The QR code is sent to your e-mail at once, no page refresh needed.\n\neSIM works on most modern smartphones; the list of models is in the help section.',
      },
      uz: {
        title: 'Bir necha daqiqada eSIM',
        summary: 'QR-kod toʻlovdan soʻng darhol e-mailga keladi.',
        body: 'eSIMni saytda rasmiylashtiring: raqam tanlang, masofaviy identifikatsiyadan oʻting va buyurtmani toʻlang. QR-kod koʻrsatilgan e-mailga darhol keladi, sahifani yangilash shart emas.\n\neSIM koʻpchilik zamonaviy smartfonlarda ishlaydi; modellar roʻyxati yordam boʻlimida.',
      },
    },
  },
  {
    slug: 'tariff-constructor',
    publishedAt: '2025-02-18',
    texts: {
      ru: {
        title: 'Соберите свой тариф',
        summary: 'Интернет, минуты и SMS — ровно столько, сколько нужно.',
        body: 'В конструкторе тарифов вы выбираете объём интернета, минут и SMS, а также добавляете ночной интернет и отдельный пакет для соцсетей.\n\nЦена считается сразу, а первые два месяца действует скидка 50%.',
      },
      en: {
        title: 'Build your own tariff',
        summary: 'Internet, minutes and SMS: exactly as much as you need.',
        body: 'In the tariff constructor you choose how much internet, how many minutes and SMS you need, and add night internet or a separate allowance for social networks.\n\nThe price is shown at once, and the first two months come at 50% off.',
      },
      uz: {
        title: 'Tarifingizni oʻzingiz yigʻing',
        summary: 'Internet, daqiqalar va SMS — aynan kerakli miqdorda.',
        body: 'Tarif konstruktorida internet, daqiqalar va SMS hajmini tanlaysiz, tungi internet va ijtimoiy tarmoqlar uchun alohida paket qoʻshasiz.\n\nNarx darhol hisoblanadi, dastlabki ikki oyda 50% chegirma amal qiladi.',
      },
    },
  },
  {
    slug: 'number-auction',
    publishedAt: '2025-03-03',
    texts: {
      ru: {
        title: 'Аукцион красивых номеров',
        summary: 'Редкие номера разыгрываются на открытых торгах.',
        body: 'Номера вроде 777-77-77 мы не продаём по фиксированной цене: они уходят на аукцион. Ставки принимаются после подтверждения номера телефона по SMS.\n\nЕсли ставка сделана в последние минуты, окончание торгов сдвигается, чтобы у всех был шанс ответить.',
      },
      en: {
        title: 'Beautiful number auction',
        summary: 'Rare numbers are sold at open auctions.',
        body: 'Numbers like 777-77-77 are not sold at a fixed price: they go to auction. Bids are accepted once your phone number is confirmed by SMS.\n\nA bid placed in the last minutes moves the end of the auction, so everyone has a chance to answer.',
      },
      uz: {
        title: 'Chiroyli raqamlar auksioni',
        summary: 'Noyob raqamlar ochiq savdoda sotiladi.',
        body: '777-77-77 kabi raqamlar qatʼiy narxda sotilmaydi: ular auksionga chiqariladi. Garovlar telefon raqami SMS orqali tasdiqlangandan soʻng qabul qilinadi.\n\nSoʻnggi daqiqalarda qilingan garov savdo tugashini surib qoʻyadi, shunda hammada javob berish imkoni boʻladi.',
      },
    },
  },
  {
    slug: 'remote-identification',
    publishedAt: '2025-03-21',
    texts: {
      ru: {
        title: 'Идентификация без визита в офис',
        summary: 'Паспорт или ПИНФЛ, дата рождения и селфи — и готово.',
        body: 'Удалённая идентификация сверяет ваши данные с государственными реестрами. Понадобится серия и номер паспорта или ПИНФЛ и дата рождения.\n\nСовет: делайте селфи основной камерой или отключите зеркальное отражение — зеркальные снимки часто не проходят проверку.',
      },
      en: {
        title: 'Identification without visiting an office',
        summary: 'Passport or PINFL, date of birth and a selfie: done.',
        body: 'Remote identification checks your details against state records. You need your passport series and number or PINFL, and your date of birth.\n\nTip: take the selfie with the rear camera or turn mirroring off: mirrored photos often fail the check.',
      },
      uz: {
        title: 'Ofisga bormasdan identifikatsiya',
        summary: 'Pasport yoki JSHSHIR, tugʻilgan sana va selfi — tayyor.',
        body: 'Masofaviy identifikatsiya maʼlumotlaringizni davlat reyestrlari bilan solishtiradi. Pasport seriyasi va raqami yoki JSHSHIR hamda tugʻilgan sana kerak boʻladi.\n\nMaslahat: selfini asosiy kamerada oling yoki oyna effektini oʻchiring — oynadagidek aks etgan suratlar koʻpincha tekshiruvdan oʻtmaydi.',
      },
    },
  },
  {
    slug: 'payme-click-uzum',
    publishedAt: '2025-04-08',
    texts: {
      ru: {
        title: 'Оплата через Payme, Click и Uzum',
        summary: 'Платите так, как привыкли: Uzcard, Humo, Visa и Mastercard.',
        body: 'Заказ можно оплатить через Payme, Click, Uzum или банковской картой. Номер остаётся за вами, пока платёж в обработке.\n\nЕсли деньги списались, а номер ещё не активен, нажмите «Я уже оплатил» — мы проверим платёж ещё раз.',
      },
      en: {
        title: 'Pay with Payme, Click and Uzum',
        summary: 'Pay the way you are used to: Uzcard, Humo, Visa and Mastercard.',
        body: 'You can pay for an order with Payme, Click, Uzum or a bank card. The number stays yours while the payment is being processed.\n\nIf the money was charged but the number is not active yet, press "I\'ve already paid" and we will check the payment again.',
      },
      uz: {
        title: 'Payme, Click va Uzum orqali toʻlov',
        summary: 'Odatdagidek toʻlang: Uzcard, Humo, Visa va Mastercard.',
        body: 'Buyurtmani Payme, Click, Uzum yoki bank kartasi orqali toʻlash mumkin. Toʻlov koʻrib chiqilayotganda raqam sizda qoladi.\n\nAgar pul yechilgan, lekin raqam hali faol boʻlmasa, «Men allaqachon toʻladim» tugmasini bosing — toʻlovni yana tekshiramiz.',
      },
    },
  },
];
