import type { TLang } from './i18n/lang.ts';

/** A place with its Chinese and English names; `value` is what the form stores. */
export interface TPlace {
  value: string;
  zh: string;
  en: string;
}

export const CHINA = 'CN';

// Countries by ISO 3166-1 alpha-2 code: China first, then the usual trading partners and mineral sources.
const COUNTRY_TEXT = `CN|中国|China;US|美国|United States;DE|德国|Germany;JP|日本|Japan;KR|韩国|South Korea;
GB|英国|United Kingdom;FR|法国|France;IT|意大利|Italy;ES|西班牙|Spain;NL|荷兰|Netherlands;BE|比利时|Belgium;
SE|瑞典|Sweden;FI|芬兰|Finland;NO|挪威|Norway;DK|丹麦|Denmark;PL|波兰|Poland;CZ|捷克|Czechia;
SK|斯洛伐克|Slovakia;HU|匈牙利|Hungary;AT|奥地利|Austria;CH|瑞士|Switzerland;PT|葡萄牙|Portugal;
IE|爱尔兰|Ireland;LU|卢森堡|Luxembourg;RO|罗马尼亚|Romania;BG|保加利亚|Bulgaria;GR|希腊|Greece;
SI|斯洛文尼亚|Slovenia;HR|克罗地亚|Croatia;EE|爱沙尼亚|Estonia;LV|拉脱维亚|Latvia;LT|立陶宛|Lithuania;
TR|土耳其|Türkiye;RU|俄罗斯|Russia;UA|乌克兰|Ukraine;CA|加拿大|Canada;MX|墨西哥|Mexico;BR|巴西|Brazil;
AR|阿根廷|Argentina;CL|智利|Chile;PE|秘鲁|Peru;CO|哥伦比亚|Colombia;BO|玻利维亚|Bolivia;
AU|澳大利亚|Australia;NZ|新西兰|New Zealand;IN|印度|India;ID|印度尼西亚|Indonesia;MY|马来西亚|Malaysia;
SG|新加坡|Singapore;TH|泰国|Thailand;VN|越南|Vietnam;PH|菲律宾|Philippines;MM|缅甸|Myanmar;
KH|柬埔寨|Cambodia;LA|老挝|Laos;BD|孟加拉国|Bangladesh;PK|巴基斯坦|Pakistan;LK|斯里兰卡|Sri Lanka;
KZ|哈萨克斯坦|Kazakhstan;UZ|乌兹别克斯坦|Uzbekistan;MN|蒙古|Mongolia;SA|沙特阿拉伯|Saudi Arabia;
AE|阿联酋|United Arab Emirates;QA|卡塔尔|Qatar;IL|以色列|Israel;IR|伊朗|Iran;EG|埃及|Egypt;
MA|摩洛哥|Morocco;ZA|南非|South Africa;NG|尼日利亚|Nigeria;KE|肯尼亚|Kenya;ET|埃塞俄比亚|Ethiopia;
TZ|坦桑尼亚|Tanzania;MZ|莫桑比克|Mozambique;MG|马达加斯加|Madagascar;ZM|赞比亚|Zambia;ZW|津巴布韦|Zimbabwe;
CD|刚果（金）|DR Congo;GN|几内亚|Guinea`;

// China's provincial divisions and their prefecture-level cities ("zh|en" pairs). Districts are not listed:
// spec 5 lets the area be typed, or written into the detailed address.
const CHINA_TEXT = `北京市|Beijing=北京市|Beijing
天津市|Tianjin=天津市|Tianjin
河北省|Hebei=石家庄市|Shijiazhuang,唐山市|Tangshan,秦皇岛市|Qinhuangdao,邯郸市|Handan,邢台市|Xingtai,保定市|Baoding,张家口市|Zhangjiakou,承德市|Chengde,沧州市|Cangzhou,廊坊市|Langfang,衡水市|Hengshui
山西省|Shanxi=太原市|Taiyuan,大同市|Datong,阳泉市|Yangquan,长治市|Changzhi,晋城市|Jincheng,朔州市|Shuozhou,晋中市|Jinzhong,运城市|Yuncheng,忻州市|Xinzhou,临汾市|Linfen,吕梁市|Lüliang
内蒙古自治区|Inner Mongolia=呼和浩特市|Hohhot,包头市|Baotou,乌海市|Wuhai,赤峰市|Chifeng,通辽市|Tongliao,鄂尔多斯市|Ordos,呼伦贝尔市|Hulunbuir,巴彦淖尔市|Bayannur,乌兰察布市|Ulanqab,兴安盟|Hinggan League,锡林郭勒盟|Xilingol League,阿拉善盟|Alxa League
辽宁省|Liaoning=沈阳市|Shenyang,大连市|Dalian,鞍山市|Anshan,抚顺市|Fushun,本溪市|Benxi,丹东市|Dandong,锦州市|Jinzhou,营口市|Yingkou,阜新市|Fuxin,辽阳市|Liaoyang,盘锦市|Panjin,铁岭市|Tieling,朝阳市|Chaoyang,葫芦岛市|Huludao
吉林省|Jilin=长春市|Changchun,吉林市|Jilin City,四平市|Siping,辽源市|Liaoyuan,通化市|Tonghua,白山市|Baishan,松原市|Songyuan,白城市|Baicheng,延边朝鲜族自治州|Yanbian
黑龙江省|Heilongjiang=哈尔滨市|Harbin,齐齐哈尔市|Qiqihar,鸡西市|Jixi,鹤岗市|Hegang,双鸭山市|Shuangyashan,大庆市|Daqing,伊春市|Yichun,佳木斯市|Jiamusi,七台河市|Qitaihe,牡丹江市|Mudanjiang,黑河市|Heihe,绥化市|Suihua,大兴安岭地区|Da Hinggan Ling
上海市|Shanghai=上海市|Shanghai
江苏省|Jiangsu=南京市|Nanjing,无锡市|Wuxi,徐州市|Xuzhou,常州市|Changzhou,苏州市|Suzhou,南通市|Nantong,连云港市|Lianyungang,淮安市|Huai'an,盐城市|Yancheng,扬州市|Yangzhou,镇江市|Zhenjiang,泰州市|Taizhou,宿迁市|Suqian
浙江省|Zhejiang=杭州市|Hangzhou,宁波市|Ningbo,温州市|Wenzhou,嘉兴市|Jiaxing,湖州市|Huzhou,绍兴市|Shaoxing,金华市|Jinhua,衢州市|Quzhou,舟山市|Zhoushan,台州市|Taizhou,丽水市|Lishui
安徽省|Anhui=合肥市|Hefei,芜湖市|Wuhu,蚌埠市|Bengbu,淮南市|Huainan,马鞍山市|Ma'anshan,淮北市|Huaibei,铜陵市|Tongling,安庆市|Anqing,黄山市|Huangshan,滁州市|Chuzhou,阜阳市|Fuyang,宿州市|Suzhou,六安市|Lu'an,亳州市|Bozhou,池州市|Chizhou,宣城市|Xuancheng
福建省|Fujian=福州市|Fuzhou,厦门市|Xiamen,莆田市|Putian,三明市|Sanming,泉州市|Quanzhou,漳州市|Zhangzhou,南平市|Nanping,龙岩市|Longyan,宁德市|Ningde
江西省|Jiangxi=南昌市|Nanchang,景德镇市|Jingdezhen,萍乡市|Pingxiang,九江市|Jiujiang,新余市|Xinyu,鹰潭市|Yingtan,赣州市|Ganzhou,吉安市|Ji'an,宜春市|Yichun,抚州市|Fuzhou,上饶市|Shangrao
山东省|Shandong=济南市|Jinan,青岛市|Qingdao,淄博市|Zibo,枣庄市|Zaozhuang,东营市|Dongying,烟台市|Yantai,潍坊市|Weifang,济宁市|Jining,泰安市|Tai'an,威海市|Weihai,日照市|Rizhao,临沂市|Linyi,德州市|Dezhou,聊城市|Liaocheng,滨州市|Binzhou,菏泽市|Heze
河南省|Henan=郑州市|Zhengzhou,开封市|Kaifeng,洛阳市|Luoyang,平顶山市|Pingdingshan,安阳市|Anyang,鹤壁市|Hebi,新乡市|Xinxiang,焦作市|Jiaozuo,濮阳市|Puyang,许昌市|Xuchang,漯河市|Luohe,三门峡市|Sanmenxia,南阳市|Nanyang,商丘市|Shangqiu,信阳市|Xinyang,周口市|Zhoukou,驻马店市|Zhumadian,济源市|Jiyuan
湖北省|Hubei=武汉市|Wuhan,黄石市|Huangshi,十堰市|Shiyan,宜昌市|Yichang,襄阳市|Xiangyang,鄂州市|Ezhou,荆门市|Jingmen,孝感市|Xiaogan,荆州市|Jingzhou,黄冈市|Huanggang,咸宁市|Xianning,随州市|Suizhou,恩施土家族苗族自治州|Enshi,仙桃市|Xiantao,潜江市|Qianjiang,天门市|Tianmen,神农架林区|Shennongjia
湖南省|Hunan=长沙市|Changsha,株洲市|Zhuzhou,湘潭市|Xiangtan,衡阳市|Hengyang,邵阳市|Shaoyang,岳阳市|Yueyang,常德市|Changde,张家界市|Zhangjiajie,益阳市|Yiyang,郴州市|Chenzhou,永州市|Yongzhou,怀化市|Huaihua,娄底市|Loudi,湘西土家族苗族自治州|Xiangxi
广东省|Guangdong=广州市|Guangzhou,韶关市|Shaoguan,深圳市|Shenzhen,珠海市|Zhuhai,汕头市|Shantou,佛山市|Foshan,江门市|Jiangmen,湛江市|Zhanjiang,茂名市|Maoming,肇庆市|Zhaoqing,惠州市|Huizhou,梅州市|Meizhou,汕尾市|Shanwei,河源市|Heyuan,阳江市|Yangjiang,清远市|Qingyuan,东莞市|Dongguan,中山市|Zhongshan,潮州市|Chaozhou,揭阳市|Jieyang,云浮市|Yunfu
广西壮族自治区|Guangxi=南宁市|Nanning,柳州市|Liuzhou,桂林市|Guilin,梧州市|Wuzhou,北海市|Beihai,防城港市|Fangchenggang,钦州市|Qinzhou,贵港市|Guigang,玉林市|Yulin,百色市|Baise,贺州市|Hezhou,河池市|Hechi,来宾市|Laibin,崇左市|Chongzuo
海南省|Hainan=海口市|Haikou,三亚市|Sanya,三沙市|Sansha,儋州市|Danzhou
重庆市|Chongqing=重庆市|Chongqing
四川省|Sichuan=成都市|Chengdu,自贡市|Zigong,攀枝花市|Panzhihua,泸州市|Luzhou,德阳市|Deyang,绵阳市|Mianyang,广元市|Guangyuan,遂宁市|Suining,内江市|Neijiang,乐山市|Leshan,南充市|Nanchong,眉山市|Meishan,宜宾市|Yibin,广安市|Guang'an,达州市|Dazhou,雅安市|Ya'an,巴中市|Bazhong,资阳市|Ziyang,阿坝藏族羌族自治州|Ngawa,甘孜藏族自治州|Garzê,凉山彝族自治州|Liangshan
贵州省|Guizhou=贵阳市|Guiyang,六盘水市|Liupanshui,遵义市|Zunyi,安顺市|Anshun,毕节市|Bijie,铜仁市|Tongren,黔西南布依族苗族自治州|Qianxinan,黔东南苗族侗族自治州|Qiandongnan,黔南布依族苗族自治州|Qiannan
云南省|Yunnan=昆明市|Kunming,曲靖市|Qujing,玉溪市|Yuxi,保山市|Baoshan,昭通市|Zhaotong,丽江市|Lijiang,普洱市|Pu'er,临沧市|Lincang,楚雄彝族自治州|Chuxiong,红河哈尼族彝族自治州|Honghe,文山壮族苗族自治州|Wenshan,西双版纳傣族自治州|Xishuangbanna,大理白族自治州|Dali,德宏傣族景颇族自治州|Dehong,怒江傈僳族自治州|Nujiang,迪庆藏族自治州|Dêqên
西藏自治区|Tibet=拉萨市|Lhasa,日喀则市|Shigatse,昌都市|Chamdo,林芝市|Nyingchi,山南市|Shannan,那曲市|Nagqu,阿里地区|Ngari
陕西省|Shaanxi=西安市|Xi'an,铜川市|Tongchuan,宝鸡市|Baoji,咸阳市|Xianyang,渭南市|Weinan,延安市|Yan'an,汉中市|Hanzhong,榆林市|Yulin,安康市|Ankang,商洛市|Shangluo
甘肃省|Gansu=兰州市|Lanzhou,嘉峪关市|Jiayuguan,金昌市|Jinchang,白银市|Baiyin,天水市|Tianshui,武威市|Wuwei,张掖市|Zhangye,平凉市|Pingliang,酒泉市|Jiuquan,庆阳市|Qingyang,定西市|Dingxi,陇南市|Longnan,临夏回族自治州|Linxia,甘南藏族自治州|Gannan
青海省|Qinghai=西宁市|Xining,海东市|Haidong,海北藏族自治州|Haibei,黄南藏族自治州|Huangnan,海南藏族自治州|Hainan Prefecture,果洛藏族自治州|Golog,玉树藏族自治州|Yushu,海西蒙古族藏族自治州|Haixi
宁夏回族自治区|Ningxia=银川市|Yinchuan,石嘴山市|Shizuishan,吴忠市|Wuzhong,固原市|Guyuan,中卫市|Zhongwei
新疆维吾尔自治区|Xinjiang=乌鲁木齐市|Ürümqi,克拉玛依市|Karamay,吐鲁番市|Turpan,哈密市|Hami,昌吉回族自治州|Changji,博尔塔拉蒙古自治州|Bortala,巴音郭楞蒙古自治州|Bayingolin,阿克苏地区|Aksu,克孜勒苏柯尔克孜自治州|Kizilsu,喀什地区|Kashgar,和田地区|Hotan,伊犁哈萨克自治州|Ili,塔城地区|Tacheng,阿勒泰地区|Altay,石河子市|Shihezi
台湾省|Taiwan=台北市|Taipei,新北市|New Taipei,桃园市|Taoyuan,台中市|Taichung,台南市|Tainan,高雄市|Kaohsiung,基隆市|Keelung,新竹市|Hsinchu
香港特别行政区|Hong Kong=香港|Hong Kong
澳门特别行政区|Macao=澳门|Macao`;

function place(pair: string, value?: string): TPlace {
  const [zh = pair, en = zh] = pair.split('|');
  return { value: value ?? zh, zh, en };
}

export const COUNTRIES: readonly TPlace[] = COUNTRY_TEXT.split(';').map((entry) => {
  const [code = '', zh = '', en = ''] = entry.trim().split('|');
  return { value: code, zh, en };
});

export interface TProvince extends TPlace {
  cities: readonly TPlace[];
}

/** Provinces and cities store their Chinese names, the official ones, whatever the language shown. */
export const CHINA_PROVINCES: readonly TProvince[] = CHINA_TEXT.split('\n').map((line) => {
  const [province = '', cities = ''] = line.split('=');
  return { ...place(province), cities: cities.split(',').map((city) => place(city)) };
});

export function placeLabel(p: TPlace, lang: TLang): string {
  return lang === 'en' ? p.en : p.zh;
}

export function countryLabel(value: string, lang: TLang): string {
  const country = COUNTRIES.find((c) => c.value === value);
  return country ? placeLabel(country, lang) : value;
}

export function provinceOf(value: string | undefined): TProvince | undefined {
  return CHINA_PROVINCES.find((p) => p.value === value);
}

/** A stored province or city name in the current language (unknown names as stored). */
export function regionLabel(value: string, lang: TLang): string {
  for (const province of CHINA_PROVINCES) {
    if (province.value === value) return placeLabel(province, lang);
    const city = province.cities.find((c) => c.value === value);
    if (city) return placeLabel(city, lang);
  }
  return value;
}
