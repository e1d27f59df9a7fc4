import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// antd's pickers take their texts from ConfigProvider (zh_CN) and the week from dayjs: weeks start on Monday.
dayjs.locale('zh-cn');

/** antd's DatePicker with dayjs in Chinese: every date control imports it from here. */
export default DatePicker;
