import type { NewsSeed } from './news-items';

export const MORE_NEWS_ITEMS: NewsSeed[] = [
  {
    slug: 'night-internet',
    publishedAt: '2025-04-25',
    texts: {
      ru: {
        title: 'Ночной интернет: +50 ГБ',
        summary: 'С часу ночи до восьми утра — отдельный пакет.',
        body: 'Добавьте ночной интернет в конструкторе или выберите тариф, где он уже есть. Пакет действует с 01:00 до 08:00 и не расходует основной трафик.\n\nУдобно для обновлений, резервных копий и загрузки фильмов.',
      },
      en: {
        title: 'Night internet: +50 GB',
        summary: 'From 1 a.m. to 8 a.m., a separate allowance.',
        body: 'Add night internet in the constructor or pick a tariff that includes it. The allowance works from 01:00 to 08:00 and does not use your main data.\n\nHandy for updates, backups and downloading films.',
      },
      uz: {
        title: 'Tungi internet: +50 GB',
        summary: 'Tungi soat birdan ertalab sakkizgacha — alohida paket.',
        body: 'Konstruktorda tungi internetni qoʻshing yoki u mavjud tarifni tanlang. Paket 01:00 dan 08:00 gacha amal qiladi va asosiy trafikni sarflamaydi.\n\nYangilanishlar, zaxira nusxalar va filmlarni yuklab olish uchun qulay.',
      },
    },
  },
  {
    slug: 'new-points-of-sale',
    publishedAt: '2025-05-12',
    texts: {
      ru: {
        title: 'Пункты продаж во всех регионах',
        summary: 'Более 30 офисов от Нукуса до Андижана.',
        body: 'Мы открыли пункты продаж в Нукусе, Ургенче, Хиве, Термезе и Карши. Теперь Oq есть во всех регионах страны.\n\nВ офисах можно купить SIM-карту, оформить eSIM и пройти идентификацию. Ближайший пункт покажет карта на сайте.',
      },
      en: {
        title: 'Points of sale in every region',
        summary: 'More than 30 offices from Nukus to Andijan.',
        body: 'We opened points of sale in Nukus, Urgench, Khiva, Termez and Qarshi. Oq is now present in every region of the country.\n\nIn our offices you can buy a SIM card, get an eSIM and pass identification. The map on the site shows the nearest one.',
      },
      uz: {
        title: 'Barcha viloyatlarda savdo nuqtalari',
        summary: 'Nukusdan Andijongacha 30 dan ortiq ofis.',
        body: 'Nukus, Urganch, Xiva, Termiz va Qarshida savdo nuqtalarini ochdik. Endi Oq mamlakatning barcha viloyatlarida bor.\n\nOfislarda SIM-karta sotib olish, eSIM rasmiylashtirish va identifikatsiyadan oʻtish mumkin. Eng yaqin nuqtani saytdagi xarita koʻrsatadi.',
      },
    },
  },
  {
    slug: 'social-allowance',
    publishedAt: '2025-06-02',
    texts: {
      ru: {
        title: 'Отдельный трафик для соцсетей',
        summary: 'Telegram, Instagram и YouTube не расходуют основной пакет.',
        body: 'В тарифах Oq есть выделенный пакет для соцсетей и ресурсов TAS-IX. Пока он не закончится, основной интернет остаётся нетронутым.\n\nРазмер пакета зависит от тарифа; в конструкторе его можно добавить отдельно.',
      },
      en: {
        title: 'A separate allowance for social networks',
        summary: 'Telegram, Instagram and YouTube do not use your main data.',
        body: 'Oq tariffs include a dedicated allowance for social networks and TAS-IX resources. Until it runs out, your main internet stays untouched.\n\nIts size depends on the tariff; in the constructor you can add it separately.',
      },
      uz: {
        title: 'Ijtimoiy tarmoqlar uchun alohida trafik',
        summary: 'Telegram, Instagram va YouTube asosiy paketni sarflamaydi.',
        body: 'Oq tariflarida ijtimoiy tarmoqlar va TAS-IX resurslari uchun ajratilgan paket bor. U tugamaguncha asosiy internet tegilmay qoladi.\n\nPaket hajmi tarifga bogʻliq; konstruktorda uni alohida qoʻshish mumkin.',
      },
    },
  },
  {
    slug: 'summer-discount',
    publishedAt: '2025-06-20',
    texts: {
      ru: {
        title: 'Летняя скидка на красивые номера',
        summary: 'Бронзовые и серебряные номера дешевле до конца августа.',
        body: 'До 31 августа бронзовые и серебряные номера продаются со скидкой. Выбирайте по маске, например XXX-YY-YY, или по окончанию номера.\n\nНомер бронируется за вами на время оформления заказа, чтобы его никто не перехватил.',
      },
      en: {
        title: 'Summer discount on beautiful numbers',
        summary: 'Bronze and silver numbers cost less until the end of August.',
        body: 'Until 31 August bronze and silver numbers are on sale. Search by a mask such as XXX-YY-YY or by the ending of the number.\n\nThe number is reserved for you while you place the order, so nobody can take it.',
      },
      uz: {
        title: 'Chiroyli raqamlarga yozgi chegirma',
        summary: 'Bronza va kumush raqamlar avgust oxirigacha arzonroq.',
        body: '31-avgustgacha bronza va kumush raqamlar chegirmada sotiladi. XXX-YY-YY kabi niqob yoki raqam oxiri boʻyicha qidiring.\n\nBuyurtma rasmiylashtirilayotganda raqam siz uchun band qilinadi, uni hech kim olib qoʻymaydi.',
      },
    },
  },
  {
    slug: 'roaming-turkey',
    publishedAt: '2025-07-09',
    texts: {
      ru: {
        title: 'Роуминг в Турции и ОАЭ',
        summary: 'Пакеты интернета для поездок — от 3 ГБ.',
        body: 'Отправляетесь в Турцию или ОАЭ? Подключите пакет роуминга заранее: 3, 5 или 10 ГБ на 7 или 30 дней.\n\nВходящие звонки в роуминге — по сниженной цене, а остаток пакета виден в приложении.',
      },
      en: {
        title: 'Roaming in Türkiye and the UAE',
        summary: 'Internet packages for trips, from 3 GB.',
        body: 'Going to Türkiye or the UAE? Add a roaming package in advance: 3, 5 or 10 GB for 7 or 30 days.\n\nIncoming calls in roaming cost less, and the remaining allowance is shown in the app.',
      },
      uz: {
        title: 'Turkiya va BAAda rouming',
        summary: 'Sayohatlar uchun internet paketlari — 3 GB dan.',
        body: 'Turkiya yoki BAAga ketyapsizmi? Rouming paketini oldindan ulang: 7 yoki 30 kunga 3, 5 yoki 10 GB.\n\nRoumingda kiruvchi qoʻngʻiroqlar arzonroq, paket qoldigʻi ilovada koʻrinadi.',
      },
    },
  },
  {
    slug: 'family-numbers',
    publishedAt: '2025-08-14',
    texts: {
      ru: {
        title: 'Номера для всей семьи',
        summary: 'Подберите похожие номера для близких.',
        body: 'Ищете номера с одинаковым окончанием для всей семьи? В поиске укажите окончание, и мы покажем все свободные варианты с разными кодами.\n\nКаждый номер бронируется отдельно, а оформить заказы можно один за другим.',
      },
      en: {
        title: 'Numbers for the whole family',
        summary: 'Pick matching numbers for your loved ones.',
        body: 'Looking for numbers with the same ending for the whole family? Enter the ending in the search and we will show every free option across our codes.\n\nEach number is reserved on its own, and you can place the orders one after another.',
      },
      uz: {
        title: 'Butun oila uchun raqamlar',
        summary: 'Yaqinlaringiz uchun oʻxshash raqamlar tanlang.',
        body: 'Butun oila uchun bir xil tugaydigan raqamlar qidiryapsizmi? Qidiruvda raqam oxirini kiriting, barcha boʻsh variantlarni turli kodlar bilan koʻrsatamiz.\n\nHar bir raqam alohida band qilinadi, buyurtmalarni ketma-ket rasmiylashtirish mumkin.',
      },
    },
  },
  {
    slug: 'oq-day',
    publishedAt: '2025-09-01',
    texts: {
      ru: {
        title: 'Oq Day: подарки каждый месяц',
        summary: 'Первого числа — бонусы для абонентов.',
        body: 'Каждое первое число месяца мы проводим Oq Day: дополнительные гигабайты, скидки у партнёров и розыгрыши красивых номеров.\n\nСледите за страницей Oq Day в приложении, чтобы не пропустить предложения.',
      },
      en: {
        title: 'Oq Day: gifts every month',
        summary: 'On the first of the month, bonuses for subscribers.',
        body: 'On the first day of every month we hold Oq Day: extra gigabytes, partner discounts and draws of beautiful numbers.\n\nWatch the Oq Day page in the app so you do not miss the offers.',
      },
      uz: {
        title: 'Oq Day: har oy sovgʻalar',
        summary: 'Oyning birinchi kuni abonentlar uchun bonuslar.',
        body: 'Har oyning birinchi kunida Oq Day oʻtkazamiz: qoʻshimcha gigabaytlar, hamkorlarda chegirmalar va chiroyli raqamlar oʻyini.\n\nTakliflarni oʻtkazib yubormaslik uchun ilovadagi Oq Day sahifasini kuzatib boring.',
      },
    },
  },
];
