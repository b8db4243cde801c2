// The examination as the API sends it and as the demo builds it in the browser: the one definition
// lives in src/shared/api/exam.ts (the server's views are typed by it too); islands import it here.
export type {
  AnswerOption,
  AnswerResponse,
  AnswerResult,
  AnswerSlot,
  DemoQuestion,
  DemoResponse,
  ExamListItem,
  ExamMode,
  ExamProtocol,
  ExamQuestion,
  Examination,
  ExaminationChanges,
  ExamStatus,
  RunStatus,
  StartRequest,
  TrainingMode,
} from '../../shared/api/exam';
