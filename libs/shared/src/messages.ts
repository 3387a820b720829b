/** Fills a message template: '{name}' → vars.name (unknown placeholders stay as they are). */
export const fillMessage = (template: string, vars: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (_m, key: string) => String(vars[key] ?? `{${key}}`));

/** Spanish messages that the server and the UI must say alike. */
export const MSG = {
  required: {
    nombre: 'El nombre es requerido',
    apellido: 'El apellido es requerido',
    email: 'El email es requerido',
    telefono: 'El teléfono es requerido',
    password: 'La contraseña es requerida',
  },
  name: {
    nombre: 'El nombre solo puede contener letras, espacios, apóstrofes y guiones',
    apellido: 'El apellido solo puede contener letras, espacios, apóstrofes y guiones',
    nombreTooLong: 'El nombre no puede tener más de 100 caracteres',
    apellidoTooLong: 'El apellido no puede tener más de 100 caracteres',
  },
  email: {
    format: 'El formato del email no es válido',
    length: 'El email debe tener entre 5 y 254 caracteres',
    oneAt: 'El email debe contener exactamente un @',
    local: 'La parte local del email debe tener entre 1 y 64 caracteres',
    domain: 'El dominio del email no es válido',
  },
  phone: {
    tooShort: 'El teléfono debe tener al menos 7 dígitos',
    tooLong: 'El teléfono es demasiado largo (máximo 12 dígitos)',
    invalid: 'Ingresa un número de teléfono válido sin código de país',
    dialCode: 'El código de país no es válido',
    whatsapp: 'El número de teléfono debe tener entre 7 y 12 dígitos',
  },
  age: {
    negative: 'La edad no puede ser negativa',
    tooHigh: 'La edad no puede ser mayor a 150',
    integer: 'La edad debe ser un número entero',
  },
  password: {
    tooShort: 'La contraseña debe tener al menos 8 caracteres',
    tooLong: 'La contraseña no puede tener más de 128 caracteres',
    uppercase: 'La contraseña debe contener al menos una letra mayúscula',
    lowercase: 'La contraseña debe contener al menos una letra minúscula',
    digit: 'La contraseña debe contener al menos un número',
    special: 'La contraseña debe contener al menos un carácter especial',
    repeated: 'La contraseña no puede tener 3 o más caracteres idénticos seguidos',
    sequence: 'La contraseña no puede contener secuencias comunes (123, abc, qwe, asd, zxc)',
    mismatch: 'Las contraseñas no coinciden',
    requirements: 'La contraseña no cumple con los requisitos de seguridad',
    oldRequired: 'La contraseña actual es requerida',
    oldWrong: 'La contraseña actual es incorrecta',
    sameAsOld: 'La nueva contraseña debe ser distinta de la actual',
    googleOnly: 'Las cuentas de terapeuta inician sesión con Google y no tienen contraseña en Consulta',
  },
  auth: {
    invalidCredentials: 'Email o contraseña incorrectos',
    userNotFound: 'User not found',
    therapistPasswordLogin: 'Los terapeutas solo pueden iniciar sesión con Google',
    notAuthenticated: 'No autenticado',
    sessionExpired: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
    forbidden: 'No tienes permisos para realizar esta acción',
    passwordChangeRequired: 'Debes cambiar tu contraseña temporal antes de continuar',
    tooManyRequests: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    tooManyFailedSignIns: 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo, o restablece tu contraseña.',
    googleInvalid: 'No se pudo verificar la cuenta de Google',
    googleUnverified: 'El email de la cuenta de Google no está verificado',
    googleUnavailable: 'No se pudo contactar con Google. Inténtalo de nuevo más tarde.',
    demoDisabled: 'El acceso de demostración no está disponible',
    demoUserNotFound: 'Usuario de demostración no encontrado',
  },
  patients: {
    notFound: 'Paciente no encontrado',
    emailExists: 'Ya existe un usuario con este email (already exists)',
    maritalStatus: 'El estado civil no es válido',
    education: 'El nivel de escolaridad no es válido',
    therapyStatus: 'El estado de la terapia no es válido',
    birthDate: 'La fecha de nacimiento no es válida',
    admissionDate: 'La fecha de ingreso no es válida',
    therapistMismatch: 'terapeuta_id no corresponde al terapeuta autenticado',
  },
  invitations: {
    oneContact: 'Indica un email o un número de teléfono, no ambos',
    invalid: 'La invitación no es válida o ya fue utilizada',
    expired: 'La invitación ha expirado. Pide a tu terapeuta una nueva.',
    valid: 'Invitación válida',
    sentEmail: 'Invitación enviada por email',
    sentWhatsapp: 'Invitación lista para enviar por WhatsApp',
    /** Followed by the missing fields, e.g. 'Faltan campos requeridos: telefono, password'. */
    missingFields: 'Faltan campos requeridos',
    fieldMissing: 'Este campo es requerido',
    registered: 'Registro completado. Ya puedes iniciar sesión.',
    /** A WhatsApp invitation: the same answer whether or not the chosen address already had an account. */
    registeredCheckMail:
      'Registro recibido. Te enviamos un correo a la dirección que indicaste: si ya tenías una cuenta con ella, allí te explicamos cómo entrar; si no, ya puedes iniciar sesión.',
  },
  sessionTypes: {
    notFound: 'Tipo de sesión no encontrado',
    nameRequired: 'El nombre es requerido',
    value: 'El valor debe ser un monto mayor que 0',
    valueDecimals: 'El valor admite como máximo 2 decimales',
    valueTooHigh: 'El valor es demasiado alto',
    fieldName: 'El nombre del campo es requerido',
    /** Followed by the name. */
    fieldNameReserved: 'Ese nombre de campo está reservado, elige otro',
    /** Followed by the type given. */
    fieldType: 'Tipo de campo no válido',
    /** Followed by the field's name. */
    selectOptions: 'El campo de selección necesita al menos una opción',
    duplicateField: 'Los nombres de los campos no pueden repetirse',
    /** Followed by the field's name. */
    placeholder: 'El texto de ayuda de un campo admite como máximo 200 caracteres',
    /** Followed by the field's name. */
    options: 'Un campo de selección admite como máximo 50 opciones distintas, de hasta 100 caracteres cada una',
    fields: 'Los campos deben ser una lista de definiciones de campo',
    tooManyFields: 'Un tipo de sesión admite como máximo 50 campos',
    foreignTherapist: 'terapeuta_id no corresponde al terapeuta autenticado',
  },
  profile: {
    pictureUrl: 'La foto de perfil debe ser una dirección https:// pública de una imagen',
    country: 'El país de la consulta no es válido: elige uno de la lista',
  },
  sessions: {
    notFound: 'Sesión no encontrada',
    patientRequired: 'Por favor, selecciona un paciente',
    typeRequired: 'Por favor, selecciona un tipo de sesión válido',
    notesRequired: 'Las notas son requeridas para sesiones de psicoterapia',
    /** The patient-page form's rules, which the spec words no message for. */
    topicsRequired: 'Los temas importantes son requeridos para sesiones de psicoterapia',
    observationsRequired: 'Las observaciones son requeridas para sesiones psicodélicas',
    psychedelicRequired: 'La intención y tipo de medicina son requeridos para sesiones psicodélicas',
    /** The new-session form without a signed-in therapist. */
    therapistRequired: 'No se pudo obtener la información del terapeuta. Por favor, vuelve a iniciar sesión.',
    /** Template: {name} is the custom field's name. */
    fieldRequired: 'Por favor, completa el campo: {name}',
    /** Template: {name}. */
    fieldNumber: 'El campo {name} debe ser un número',
    /** Template: {name}. */
    fieldBoolean: 'El campo {name} debe ser verdadero o falso',
    /** Template: {name}. */
    fieldOption: 'El valor del campo {name} no es una de sus opciones',
    /** Template: {name}. */
    fieldText: 'El campo {name} debe ser un texto',
    /** Template: {name}. */
    fieldUnknown: 'El campo {name} no pertenece a este tipo de sesión',
    camposDatos: 'campos_datos debe ser un objeto con los valores de los campos',
    numVoces: 'El número de voces debe ser un número entero entre 1 y 32',
    numero: 'El número de sesión debe ser un número entero positivo',
    segments:
      'Los turnos de la transcripción no son válidos: cada uno lleva hablante (una sola línea de hasta 50 caracteres), inicio y fin en segundos dentro de las 24 horas que puede durar una sesión (el fin no antes del inicio) y texto',
    /** Template: {minutos}. */
    segmentsPastDuration:
      'La transcripción dura más que la sesión ({minutos} min): corrige la duración de la sesión o los tiempos de los turnos',
    /** Template: {numero}. */
    numeroTaken: 'Ya existe la sesión número {numero} para este paciente',
    duracion: 'La duración debe ser un número entero de minutos entre 0 y 1440',
    cantidad: 'La cantidad debe ser un número mayor o igual que 0',
    fecha: 'La fecha de la sesión no es válida',
    videoUrl: 'El video debe subirse desde Consulta',
    typeInactive: 'El tipo de sesión está inactivo',
    therapistMismatch: 'terapeuta_id no corresponde al terapeuta autenticado',
    patientChange: 'Una sesión no se puede mover a otro paciente',
    saveFailed: 'No se pudo guardar la sesión',
    loadPatientFailed: 'Error al cargar datos del paciente',
    deleteFailed: 'Error al eliminar la sesión',
    updateFailed: 'Error al actualizar la sesión',
    loadSessionsFailed: 'Error al cargar las sesiones',
    saved: 'Sesión guardada',
    updated: 'Sesión actualizada',
    deleted: 'Sesión eliminada',
  },
  drafts: {
    notFound: 'Borrador no encontrado',
    invalidId: 'Error: ID de borrador inválido',
    busy: 'El borrador se está procesando: la transcripción, los análisis y el estado no se pueden cambiar hasta que termine',
    loadListFailed: 'Error al cargar borradores de sesión',
    loadFailed: 'Error al cargar el borrador',
    deleteFailed: 'Error al eliminar borrador',
    gone: 'El borrador ya no existe. Creando uno nuevo...',
    updated: 'Borrador actualizado',
    waitLoading: 'Espera a que termine de cargar el borrador actual',
    progressCheckFailed: 'Error al verificar el progreso...',
    videoInfo: 'archivo_video_info no es válido',
    /** POST /sesiones-asincronas/cancel/{id} on a draft where no transcription or analysis runs. */
    nothingRunning: 'No hay ningún procesamiento en curso en este borrador',
    cancelled: 'Procesamiento cancelado',
    cancelFailed: 'Error al cancelar el procesamiento',
    /** A job start right after a cancel, while the cancelled job still stops (a few seconds at most). */
    stillStopping: 'El procesamiento cancelado todavía se está deteniendo: inténtalo de nuevo en unos segundos',
    /** Saving the session while the draft's transcription or analysis runs. */
    jobRunningOnSave: 'Hay un procesamiento en curso en este borrador: espera a que termine o cancélalo antes de guardar la sesión',
    /** The draft's session is being saved, or was saved (another tab, a second click). */
    saving: 'La sesión de este borrador se está guardando',
    alreadySaved: 'La sesión de este borrador ya se guardó',
    /** The open draft became a session elsewhere (another tab or device): the form starts over. */
    savedElsewhere: 'Este borrador ya se guardó como sesión (en otra pestaña o dispositivo). El formulario empieza de nuevo.',
  },
  storage: {
    videoType: 'Por favor selecciona un archivo de video válido (MP4, AVI, MOV, WMV)',
    videoTooLarge: 'El archivo es demasiado grande. El tamaño máximo es 10GB',
    fileType: 'Tipo de archivo no válido. Tipos permitidos: video (MP4, AVI, MOV, WMV), PDF, Word, JPEG, PNG, GIF y audio (MP3, WAV)',
    fileTooLarge: 'El archivo es demasiado grande. El tamaño máximo es 500MB',
    uploadFailed: 'Error en la subida',
    /** Template: {reason}. */
    videoUploadFailed: 'Error al subir el video: {reason}',
    notFound: 'Archivo no encontrado',
    fileName: 'El nombre del archivo es obligatorio (máximo 200 caracteres)',
    fileSize: 'El tamaño del archivo debe ser un número entero de bytes mayor que 0',
    customPath: 'La ruta del archivo no es válida',
    noFile: 'No se recibió ningún archivo',
    sizeMismatch: 'El archivo recibido no coincide con el tamaño declarado',
    partNumber: 'El número de parte debe ser un entero entre 1 y 10000',
    partTooLarge: 'La parte es mayor que el tamaño de parte de la subida',
    /** A part number past those the upload's declared size (or its kind's limit) needs. */
    partBeyondSize: 'El número de parte supera las partes que necesita el tamaño del archivo',
    /** Too many multipart uploads open at once (STORAGE_LIMITS.maxOpenUploads). */
    tooManyUploads: 'Tienes demasiadas subidas sin terminar: termina o cancela alguna antes de empezar otra',
    /** A signed upload used again once the file was stored: a stored file never changes. */
    alreadyUploaded: 'Este archivo ya se subió y no se puede reemplazar: sube el archivo de nuevo',
    /** The stored bytes are no longer those a record took (checked against the seal taken when it was attached). */
    fileChanged: 'El archivo ha cambiado después de adjuntarse y no se puede usar: vuelve a subirlo',
    parts: 'Las partes de la subida no son válidas: deben ir numeradas desde 1, sin huecos, y todas menos la última del tamaño de parte',
    uploadNotFound: 'La subida no existe o ya terminó',
    uploadUnfinished: 'La subida del archivo no ha terminado',
    notVideo: 'El archivo no es un video de sesión',
    /** The file's contents are not a video of an accepted kind, whatever its name and type say. */
    notVideoContent: 'El archivo no es un video válido (MP4, AVI, MOV o WMV)',
    inUse: 'El archivo está en uso por una sesión, un ejercicio o un perfil y no se puede eliminar',
    linkInvalid: 'El enlace no es válido',
    linkExpired: 'El enlace ha caducado',
    noVideo: 'Esta sesión no tiene video',
    downloadFailed: 'Error al descargar el video',
    downloadRetry: 'Por favor intenta de nuevo',
    downloadStarted: 'Descarga iniciada',
    /** Template: {filename}. */
    downloading: 'Descargando {filename}',
    uploadAborted: 'Subida cancelada',
    photoType: 'La foto debe ser una imagen JPEG, PNG, GIF o WebP',
    photoTooLarge: 'La foto es demasiado grande. El tamaño máximo es 5MB',
    notPhoto: 'El archivo no es una foto de perfil',
    /** A patient asked to upload something other than their profile photo. */
    patientPhotoOnly: 'Solo puedes subir tu foto de perfil',
    /** The server's disk (or the store) has no room for the bytes: the upload can be resumed once there is. */
    noSpace:
      'No queda espacio para guardar el archivo en el servidor. Avisa a quien administra Consulta; la subida podrá continuar cuando haya espacio.',
  },
  ai: {
    notConfigured:
      'La inteligencia artificial no está configurada en este servidor: la transcripción, los análisis y el asistente no están disponibles. Pide a quien administra Consulta que configure el proveedor de IA.',
    /** A video without an audio track, or silence only. */
    noAudio: 'No se detectó audio válido en el video...',
    /** Any other transcription failure. */
    transcriptionFailed: 'La transcripción falló. Puedes intentar nuevamente.',
    analysisFailed: 'El análisis falló. Puedes intentar nuevamente.',
    analysisStartFailed: 'Error al iniciar el análisis',
    transcriptionStartFailed: 'Error al iniciar la transcripción en segundo plano',
    noVideo: 'El borrador no tiene un video que transcribir: sube primero el video de la sesión',
    nothingToAnalyze: 'No hay nada que analizar: añade la transcripción o las notas de la sesión',
    draftJobRunning: 'Ya hay un proceso en curso para este borrador: espera a que termine',
    sessionAnalysisRunning: 'El análisis de esta sesión ya se está generando: espera a que termine',
    noPatientVersion: 'No hay una versión para el paciente que publicar',
    published: 'Análisis publicado para el paciente',
    transcriptionStarted: 'Transcripción iniciada',
    analysisStarted: 'Análisis iniciado',
  },
  /** A patient's consents (issue 17). */
  consents: {
    kind: 'El tipo de consentimiento debe ser grabacion, ia o whatsapp',
    form: 'La forma del consentimiento debe ser verbal, escrito o digital',
    alreadyGiven: 'Ese consentimiento ya está vigente',
    notGiven: 'Ese consentimiento no está vigente: no hay nada que revocar',
    recorded: 'Consentimiento registrado',
    revoked: 'Consentimiento revocado',
    loadFailed: 'No se pudieron cargar los consentimientos',
    /** 409 CONSENT_REQUIRED: a video attached without the recording consent. */
    recordingRequired:
      'El paciente no ha dado su consentimiento para grabar las sesiones: no se puede adjuntar un video. Regístralo en la ficha del paciente, en Consentimientos.',
    /** 409 CONSENT_REQUIRED: transcription, analyses and the assistant about this patient. */
    aiRequired:
      'El paciente no ha dado su consentimiento para la transcripción y el análisis con IA. Regístralo en la ficha del paciente, en Consentimientos.',
    /** 409 CONSENT_REQUIRED: the patient's own assistant. */
    ownAiRequired:
      'El asistente necesita tu consentimiento para el uso de IA, y no está vigente. Si quieres darlo, habla con tu terapeuta.',
    /** A queued transcription or analysis whose patient revoked the AI consent before it ran. */
    aiWithdrawn: 'Se detuvo: el paciente retiró su consentimiento para la transcripción y el análisis con IA.',
    /** The consents taken with a new patient, asked in an invitation, ticked at registration. */
    initialList: 'consentimientos debe ser una lista de consentimientos con tipo y forma',
    askableList: 'consentimientos debe ser una lista de tipos de consentimiento',
    askableKind: 'El tipo de consentimiento debe ser grabacion o ia',
    note: 'La nota del consentimiento no puede tener más de 1000 caracteres',
    repeated: 'Cada consentimiento puede indicarse una sola vez',
    notAsked: 'Solo puedes aceptar los consentimientos que pide la invitación',
  },
  /** The assistants' chat calls. */
  aiChat: {
    messageRequired: 'Escribe un mensaje antes de enviarlo',
    /** Template: {max}. */
    messageTooLong: 'El mensaje es demasiado largo: como máximo {max} caracteres',
    /** Template: {max}, {itemMax}. */
    history:
      'El historial debe ser una lista de como máximo {max} mensajes, cada uno con role (user o assistant) y content (como máximo {itemMax} caracteres)',
    providerFailed: 'El asistente de IA no está disponible en este momento. Por favor, intenta nuevamente en unos minutos.',
    timeout: 'El asistente de IA tardó demasiado en responder. Por favor, intenta nuevamente.',
    tooManyRequests: 'Has enviado demasiadas consultas al asistente en poco tiempo. Espera unos minutos y vuelve a intentarlo.',
  },
  /** 'Sugerir ejercicios': the AI's homework suggestions from the therapist's own bank. */
  exerciseSuggestions: {
    /** The provider answered something that is not the JSON asked for. */
    malformed: 'La IA respondió con un formato que no se pudo leer. Por favor, intenta nuevamente.',
    emptyBank: 'Tu banco de ejercicios está vacío: crea algún ejercicio para que la IA pueda sugerirlo',
    failed: 'Error al sugerir ejercicios',
  },
  /** Exercise bank, modules, assignments and the patient's exercises. */
  exercises: {
    titleRequired: 'Por favor, ingresa un título para el ejercicio.',
    moduleTitleRequired: 'Por favor, ingresa un título para el módulo.',
    exerciseRequired: 'Por favor, selecciona un ejercicio',
    moduleRequired: 'Por favor, selecciona un módulo',
    patientsRequired: 'Por favor, selecciona al menos un paciente',
    categoryInvalid:
      'La categoría no es válida. Categorías: Ansiedad, Depresión, Mindfulness, Autoestima, Habilidades sociales, Regulación emocional, Trauma, Otra',
    tooManyFiles: 'Un ejercicio admite como máximo 10 archivos',
    files: 'Los archivos deben ser una lista de referencias de archivos subidos',
    patientIds: 'paciente_ids debe ser una lista de identificadores de pacientes',
    notFound: 'Ejercicio no encontrado',
    moduleNotFound: 'Módulo no encontrado',
    /** The spec's client ignores a 400 whose detail says 'already assigned'. */
    alreadyInModule: 'El ejercicio ya está en este módulo (already assigned)',
    alreadyAssigned: 'El ejercicio ya está asignado a este paciente (already assigned)',
    moduleAlreadyAssigned: 'El módulo ya está asignado a este paciente (already assigned)',
    notInModule: 'El ejercicio no está en este módulo',
    notAssigned: 'El ejercicio no está asignado a este paciente',
    moduleNotAssigned: 'El módulo no está asignado a este paciente',
    order: 'El orden debe incluir cada ejercicio del módulo una sola vez',
    orden: 'orden debe ser un número entero mayor que 0',
    notes: 'Las notas no pueden superar los 5000 caracteres',
    completado: 'completado debe ser verdadero o falso',
    retired: 'Este ejercicio ya no forma parte del banco: queda como historial y no se puede modificar',
    notExerciseFile: 'El archivo no es un material de ejercicio',
    loadExercisesFailed: 'Error al cargar ejercicios disponibles',
    loadModulesFailed: 'Error al cargar módulos disponibles',
    assignFailed: 'Error al asignar el ejercicio',
    assignModuleFailed: 'Error al asignar el módulo',
    createFailed: 'Error al crear el ejercicio',
    listExercisesFailed: 'No se pudieron cargar los ejercicios. Por favor, intenta de nuevo.',
    listModulesFailed: 'No se pudieron cargar los módulos. Por favor, intenta de nuevo.',
    listPatientsFailed: 'No se pudieron cargar los pacientes. Por favor, intenta de nuevo.',
    exerciseCreateFailed: 'No se pudo crear el ejercicio. Por favor, intenta de nuevo.',
    exerciseUpdateFailed: 'No se pudo actualizar el ejercicio. Por favor, intenta de nuevo.',
    exerciseDeleteFailed: 'No se pudo eliminar el ejercicio. Por favor, intenta de nuevo.',
    moduleCreateFailed: 'No se pudo crear el módulo. Por favor, intenta de nuevo.',
    moduleUpdateFailed: 'No se pudo actualizar el módulo. Por favor, intenta de nuevo.',
    moduleDeleteFailed: 'No se pudo eliminar el módulo. Por favor, intenta de nuevo.',
    created: 'Ejercicio creado correctamente',
    /** Template: {n}; appended to `created`. */
    createdAssigned: ' y asignado a {n} paciente(s)',
    updated: 'Ejercicio actualizado correctamente',
    deleted: 'Ejercicio eliminado correctamente',
    moduleCreated: 'Módulo creado correctamente',
    moduleUpdated: 'Módulo actualizado correctamente',
    moduleDeleted: 'Módulo eliminado correctamente',
    assigned: 'Ejercicio asignado correctamente',
    moduleAssigned: 'Módulo asignado correctamente',
    unassignFailed: 'Error al desasignar',
    unassignModuleFailed: 'Error al desasignar el módulo',
    unassigned: 'Ejercicio individual desasignado correctamente',
    moduleUnassigned: 'Módulo desasignado correctamente',
    fileDeleteFailed: 'No se pudo eliminar el archivo...',
    fileOpenFailed: 'Error al acceder al archivo...',
    noFiles: 'Sin archivos',
    authErrorTitle: 'Error de Autenticación',
    authError: 'Tu sesión ha terminado. Por favor, vuelve a iniciar sesión.',
    progressLoadFailed: 'Error al cargar el progreso del paciente',
    /** The patient area. */
    patientLoadFailed: 'Error al cargar los ejercicios',
    patientModulesLoadFailed: 'Error al cargar los módulos',
    toggleFailedTitle: 'Error',
    toggleFailed: 'No se pudo actualizar el estado del ejercicio',
    completedTitle: 'Ejercicio completado',
    completedText: 'Has marcado este ejercicio como completado',
    uncompleted: 'Ejercicio desmarcado',
  },
  /** The patient's dashboard, 'Sesiones Anteriores' and 'Mi Perfil'. */
  patientArea: {
    dashboardLoadFailed: 'Error al cargar los datos del dashboard',
    retry: 'Reintentar',
    noSessions: 'No tienes sesiones registradas aún',
    loadingDetail: 'Cargando detalles...',
    sessionLoadFailed: 'Error al cargar los detalles de la sesión.',
    noContent: 'No hay contenido adicional disponible para esta sesión.',
    profileLoadFailed: 'No se pudo cargar el perfil',
    profileUpdateFailed: 'No se pudo actualizar el perfil',
    profileUpdated: 'Perfil actualizado',
    profileUpdatedText: 'Tus cambios han sido guardados correctamente.',
    /** Not in the spec: the only pictures the product shows are its own uploads and https: images. */
    photoReference: 'La foto de perfil debe subirse desde Consulta o ser una dirección https:// de una imagen',
    /** Not in the spec (it sets no limits): a word or a few, and a page of notes. */
    generoTooLong: 'El género no puede tener más de 50 caracteres',
    notasTooLong: 'Tus notas no pueden tener más de 2000 caracteres',
  },
  patientRecord: {
    updated: 'Paciente actualizado',
    updateFailed: 'No se pudo actualizar el paciente',
    proximaCita: 'La próxima cita debe ser una fecha y hora válidas',
    emailNotEditable: 'El email es el acceso del paciente y no se puede cambiar aquí',
    nothingToUpdate: 'No hay cambios que guardar',
    /** A PATCH that carries only the old proxima_cita field. */
    proximaCitaFromAgenda: 'La próxima cita ya no se escribe en la ficha: es la siguiente cita de la agenda del paciente',
  },
  /** The access history (issue 17). */
  /** A patient's data export (issue 17). */
  exports: {
    busy: 'Ya se está preparando una exportación: espera a que termine',
    notFound: 'Exportación no encontrada',
    notReady: 'La exportación todavía no está lista',
    expired: 'La exportación ha caducado: solicita una nueva',
    failed: 'No se pudo generar la exportación. Inténtalo de nuevo.',
    /** A file of the patient changed after it was attached: the archive would not hold what the record took. */
    fileChanged: 'No se pudo generar la exportación: un archivo del paciente ha cambiado después de adjuntarse',
    started: 'Exportación solicitada: te avisaremos aquí cuando esté lista',
    loadFailed: 'No se pudieron cargar las exportaciones',
    downloadFailed: 'No se pudo descargar la exportación',
  },
  agenda: {
    notFound: 'Cita no encontrada',
    /** A patient id that is not one of the therapist's patients is answered as MSG.patients.notFound. */
    patientRequired: 'El paciente es requerido',
    startRequired: 'La fecha y hora de inicio es requerida',
    startOffset: 'La fecha y hora de inicio debe ser un instante con su zona horaria (por ejemplo 2027-03-16T10:00:00+01:00)',
    /** Templates: {min}, {max}. */
    duration: 'La duración debe ser un número entero de minutos entre {min} y {max}',
    mode: 'La modalidad debe ser presencial o videollamada',
    state: 'El estado debe ser programada, confirmada, realizada o no_asistio (para cancelar, usa Cancelar cita)',
    scope: 'El alcance debe ser esta o siguientes',
    frequency: 'La frecuencia debe ser semanal, quincenal o mensual',
    repeatOne: 'Indica cuántas veces se repite la cita o hasta qué fecha, no ambas',
    /** Templates: {min}, {max}. */
    repeatCount: 'Una serie tiene entre {min} y {max} citas',
    repeatUntil: 'La fecha final de la serie debe ser un día (AAAA-MM-DD)',
    untilBeforeStart: 'La fecha final de la serie no puede ser anterior al inicio',
    /** Template: {max}. */
    tooManyInSeries: 'Una serie no puede tener más de {max} citas: elige una fecha final más cercana',
    /** Template: {max}. */
    rangeTooLong: 'El rango de fechas no puede superar {max} días',
    range: 'desde y hasta deben ser días (AAAA-MM-DD) o instantes con zona horaria, y desde anterior a hasta',
    /** Template: {lista}: each conflicting appointment's start and patient. */
    overlap: 'La cita se solapa con otra de tu agenda: {lista}. Para guardarla igualmente, confirma el solapamiento.',
    cancelled: 'La cita está cancelada: restablécela antes de cambiarla',
    alreadyCancelled: 'La cita ya está cancelada',
    notCancellable: 'Solo se pueden cancelar las citas programadas o confirmadas',
    notConfirmable: 'Solo se pueden confirmar las citas programadas que aún no han empezado',
    started: 'La cita ya ha empezado o ha pasado',
    /** Template: {horas}. */
    tooLateToCancel: 'Faltan menos de {horas} horas para la cita: ya no se puede cancelar desde aquí. Ponte en contacto con tu terapeuta.',
    invalidLink: 'El enlace no es válido',
    /** A mailed link of an appointment that was moved since: it does not act on the new time. */
    linkMoved: 'La cita ha cambiado de fecha u hora: este enlace ya no sirve. Usa el del correo más reciente o entra en Consulta.',
    confirmed: 'Cita confirmada',
    cancelledOk: 'Cita cancelada',
    timeZone: 'La zona horaria no es válida: usa un nombre IANA como Europe/Madrid',
    feedNotFound: 'El calendario no existe o se ha revocado',
    sessionLinked: 'La cita ya tiene una sesión registrada',
    loadFailed: 'No se pudo cargar la agenda',
    saveFailed: 'No se pudo guardar la cita',
  },
  search: {
    /** Template: {max}. */
    queryTooLong: 'La búsqueda es demasiado larga (máximo {max} caracteres)',
    queryRequired: 'Escribe qué buscar',
    noWords: 'La búsqueda no tiene palabras que buscar: escribe letras o números',
    /** Template: {max}. */
    limit: 'limit debe ser un número entero entre 1 y {max}',
    patientId: 'paciente_id no es un identificador de paciente válido',
  },
  accessHistory: {
    notRecorded: 'No se pudo registrar el acceso a los datos clínicos; inténtalo de nuevo',
    kindFilter: 'El filtro tipo no es válido',
    loadFailed: 'No se pudo cargar el historial de accesos',
  },
  reset: {
    neutral: 'Si el email está registrado, recibirás un enlace para restablecer tu contraseña.',
    invalidToken: 'Token inválido o expirado.',
    valid: 'Token válido',
    done: 'Contraseña restablecida. Ya puedes iniciar sesión.',
  },
  list: {
    sort: 'El parámetro sort no es válido: use ["campo","ASC"|"DESC"]',
    sortField: 'No se puede ordenar por ese campo',
    range: 'El parámetro range no es válido: use [inicio, fin]',
    filter: 'El parámetro filter no es válido: use un objeto JSON',
    filterField: 'Filtro no admitido',
  },
  /** Templates: {campo} is the field's name, {max} a limit. */
  validation: {
    notAllowed: 'El campo {campo} no está permitido',
    required: 'El campo {campo} es requerido',
    text: 'El campo {campo} debe ser un texto',
    boolean: 'El campo {campo} debe ser verdadero, falso o nulo',
    tooLong: 'El campo {campo} es demasiado largo (máximo {max} caracteres)',
    invalid: 'El valor del campo {campo} no es válido',
  },
  common: {
    invalidJson: 'El cuerpo de la petición no es un JSON válido',
    invalidId: 'Identificador no válido',
    notFound: 'Recurso no encontrado',
    internal: 'Error interno del servidor',
    tooLarge: 'El cuerpo de la petición es demasiado grande',
    badRequest: 'Petición no válida',
    invalidText: 'El texto contiene caracteres no válidos (carácter nulo o Unicode incompleto)',
    tooDeep: 'La petición tiene demasiados niveles de anidación',
    tooManyFields: 'La petición tiene demasiados campos o elementos',
    badPath: 'La dirección de la petición está mal codificada',
    operatorsOnly: 'Solo para operadores: usuario y contraseña de operación requeridos',
    /** The database or Redis cannot be reached right now (503 with Retry-After). */
    unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  },
} as const;
